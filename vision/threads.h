#ifndef LIGHTSOUT_THREADS_H
#define LIGHTSOUT_THREADS_H

#ifdef __cplusplus
extern "C" {
#endif

void lightsout_set_num_threads(int n);
int lightsout_get_num_threads(void);

#ifdef __cplusplus
}
#endif

#endif
