// libmicrohttpd behind plain C functions Swift can call.
//
// MHD_start_daemon and MHD_get_daemon_info are variadic, and Swift cannot call C variadics: the
// daemon is started here, with the integer options passed as an MHD_OPTION_ARRAY and the two
// pointer-valued ones (the completion callback and the address to bind) as typed parameters, so no
// function pointer has to travel through an intptr_t on the Swift side.
#include <microhttpd.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>

// Starts a daemon with its own thread pool listening on `address` (an IPv4 or IPv6 text address) and
// `port` (0: any free port; gs_mhd_port says which). Returns NULL if the address does not parse or
// the daemon cannot start (port in use, say).
static inline struct MHD_Daemon *gs_mhd_start(unsigned int flags, const char *address, uint16_t port,
                                               MHD_AccessHandlerCallback handler, void *handler_context,
                                               MHD_RequestCompletedCallback completed, void *completed_context,
                                               const struct MHD_OptionItem *options) {
    struct sockaddr_in v4;
    struct sockaddr_in6 v6;
    const struct sockaddr *bind_to;
    memset(&v4, 0, sizeof v4);
    memset(&v6, 0, sizeof v6);
    if (inet_pton(AF_INET, address, &v4.sin_addr) == 1) {
        v4.sin_family = AF_INET;
        v4.sin_port = htons(port);
        bind_to = (const struct sockaddr *)&v4;
    } else if (inet_pton(AF_INET6, address, &v6.sin6_addr) == 1) {
        v6.sin6_family = AF_INET6;
        v6.sin6_port = htons(port);
        bind_to = (const struct sockaddr *)&v6;
        flags |= MHD_USE_IPv6;
    } else {
        return NULL;
    }
    return MHD_start_daemon(flags, port, NULL, NULL, handler, handler_context,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, completed_context,
                            MHD_OPTION_SOCK_ADDR, bind_to,
                            MHD_OPTION_ARRAY, options,
                            MHD_OPTION_END);
}

// The port the daemon listens on (useful after asking for port 0), or 0 if it cannot be found.
static inline uint16_t gs_mhd_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_LISTEN_FD);
    if (info == NULL) return 0;
    struct sockaddr_storage address;
    socklen_t length = sizeof address;
    if (getsockname(info->listen_fd, (struct sockaddr *)&address, &length) != 0) return 0;
    if (address.ss_family == AF_INET) return ntohs(((struct sockaddr_in *)&address)->sin_port);
    if (address.ss_family == AF_INET6) return ntohs(((struct sockaddr_in6 *)&address)->sin6_port);
    return 0;
}
