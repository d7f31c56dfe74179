// Lightsout solves the Lights Out puzzle from a photo or a typed-in board.
//
// Usage:
//
//	lightsout solve PHOTO [-o OUT] [--json] [--size RxC] [--goal off|on]
//	lightsout grid STATE [--json] [--goal off|on]
//	lightsout batch INPUT... [--out DIR] [--jobs N] [--json]
//	lightsout verify DIR [--json]
//	lightsout help [COMMAND]
//
// A board has R rows and C columns of lights; pressing a light toggles it
// and its four neighbours. lightsout finds the fewest presses that turn
// every light off (or, with --goal on, on).
//
// For example, to solve a 3×3 board typed in by rows:
//
//	$ lightsout grid 101/001/100
//
// Exit status is 0 on success, 1 when the work failed for at least one
// input (unreadable image, no board found, unsolvable board), and 2 for
// bad usage.
package main

import "os"

func main() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }
