// cv::setNumThreads is not wrapped by gocv v0.31.0; these two functions
// expose it and its getter to Go (threads.go).
#include <opencv2/core.hpp>

#include "threads.h"

void lightsout_set_num_threads(int n) { cv::setNumThreads(n); }

int lightsout_get_num_threads(void) { return cv::getNumThreads(); }
