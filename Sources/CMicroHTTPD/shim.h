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
#include <errno.h>
#include <unistd.h>

// Starts a daemon with its own thread pool listening on `address` (an IPv4 or IPv6 text address) and
// `port` (0: any free port; gs_mhd_port says which). Returns NULL if the address does not parse or
// the daemon cannot start (port in use, say).
//
// `uri_log` sees each request's target before libmicrohttpd percent-decodes it (so a `%00` that would
// cut the decoded C string short is still visible) and returns the request's context; `connected` is
// told when a connection opens and closes.
static inline struct MHD_Daemon *gs_mhd_start(unsigned int flags, const char *address, uint16_t port,
                                               MHD_AccessHandlerCallback handler, void *handler_context,
                                               MHD_RequestCompletedCallback completed,
                                               void *(*uri_log)(void *context, const char *uri, struct MHD_Connection *connection),
                                               MHD_NotifyConnectionCallback connected,
                                               void *context,
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
                            MHD_OPTION_NOTIFY_COMPLETED, completed, context,
                            MHD_OPTION_URI_LOG_CALLBACK, uri_log, context,
                            MHD_OPTION_NOTIFY_CONNECTION, connected, context,
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

// The socket of a connection (MHD_get_connection_info is variadic), or -1.
static inline int gs_mhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : (int)info->connect_fd;
}

// The connection's client address as text ("127.0.0.1", "::1") in `out`; "" when unknown.
static inline void gs_mhd_client_address(struct MHD_Connection *connection, char *out, size_t size) {
    out[0] = 0;
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (info == NULL || info->client_addr == NULL) return;
    if (info->client_addr->sa_family == AF_INET)
        inet_ntop(AF_INET, &((const struct sockaddr_in *)info->client_addr)->sin_addr, out, (socklen_t)size);
    else if (info->client_addr->sa_family == AF_INET6)
        inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)info->client_addr)->sin6_addr, out, (socklen_t)size);
}

// Writes a short answer straight to a socket, for the two cases libmicrohttpd cannot answer itself: a
// deadline passed while the request was still arriving, and a body without a length that outgrew the
// limit (libmicrohttpd queues a response only before or after the body, never in the middle of it).
// Never raises SIGPIPE; what does not fit in the socket's buffer at once is dropped.
static inline void gs_send_now(int fd, const void *bytes, size_t count) {
#ifdef MSG_NOSIGNAL
    (void)send(fd, bytes, count, MSG_NOSIGNAL | MSG_DONTWAIT);
#else
    (void)send(fd, bytes, count, MSG_DONTWAIT);
#endif
}

// Ends a connection from outside libmicrohttpd's thread: its next read sees the end and closes it.
static inline void gs_cut(int fd) {
    (void)shutdown(fd, SHUT_RDWR);
}

// Whether the client has closed its end of a connection that is waiting for a render: a read that
// would not block returns 0. Pipelined bytes or nothing yet both mean it is still there.
static inline int gs_peer_closed(int fd) {
    char byte;
    ssize_t got = recv(fd, &byte, 1, MSG_PEEK | MSG_DONTWAIT);
    if (got == 0) return 1;
    if (got < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) return 1;
    return 0;
}

// Lowers the calling thread's CPU priority to `nice` (Linux schedules each thread by its own nice
// value; elsewhere nothing happens). The server's heavy lanes call it, so that a small request
// sharing a core with a heavy one gets most of that core.
#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
static inline void gs_nice_this_thread(int nice) {
    (void)setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), nice);
}
#else
static inline void gs_nice_this_thread(int nice) { (void)nice; }
#endif

// The length of the request's head, from the request line to the empty line that ends it (0 when
// unknown); MHD_get_connection_info is variadic.
static inline size_t gs_mhd_head_size(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
    return info == NULL ? 0 : info->header_size;
}
