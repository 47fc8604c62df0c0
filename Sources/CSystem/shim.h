#ifndef CSYSTEM_SHIM_H
#define CSYSTEM_SHIM_H
/* Linux interfaces the Swift Glibc module leaves out because it is not built with _GNU_SOURCE. */
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/ioctl.h>
#include <sys/un.h>
#include <spawn.h>
#include <termios.h>
#include <malloc.h>
extern int pipe2(int pipefd[2], int flags);
extern int accept4(int sockfd, struct sockaddr *addr, socklen_t *addrlen, int flags);
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);
/* struct ucred is _GNU_SOURCE-only; SO_PEERCRED fills these three fields in this order. */
struct csystem_ucred { int pid; unsigned int uid; unsigned int gid; };
/* POSIX_SPAWN_SETSID is _GNU_SOURCE-only as well (glibc's value). */
#define CSYSTEM_POSIX_SPAWN_SETSID 0x80
/* TIOCGWINSZ is a macro built from _IOR, which Swift cannot import. */
static inline int csystem_terminal_columns(int fd) {
    struct winsize w;
    if (ioctl(fd, TIOCGWINSZ, &w) != 0) return 0;
    return w.ws_col;
}
#endif
