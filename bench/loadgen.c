/* A Kafka load generator that stays out of the broker's way: precomputed request frames sent
 * closed-loop over epoll, answers counted from their length prefix.
 *
 *   loadgen HOST PORT FRAMES_FILE CONNECTIONS DEPTH SECONDS [WARMUP_SECONDS [ERROR_AT]]
 *
 * FRAMES_FILE holds size-prefixed Kafka request frames back to back; connection i sends frame
 * i % count over and over, DEPTH in flight, each copy stamped with its own correlation id
 * (bytes 8..11 of the frame, after size, api key and version). An answer must carry the
 * correlation id of the oldest request in flight on its connection (Kafka answers in order),
 * else the run fails. ERROR_AT (optional) is where a 16-bit error code sits in each answer,
 * counted after its size prefix (negative: from the answer's end); non-zero codes are counted.
 * After WARMUP_SECONDS the counters restart; after SECONDS more no new request goes and the
 * ones in flight are waited for (up to 10 s). Printed on stdout, one JSON object: requests
 * sent and answered within the measured window, the rate, latency percentiles (microseconds,
 * from a 1-us histogram), bytes, errors, what was still in flight at the end, and this
 * process's CPU (getrusage) over the measured window.
 *
 * What it costs per request is kept to the kernel's share: a copy is its 12-byte head (size, key,
 * version, correlation id) plus the one frame, written with writev; an answer over 64 KB is read
 * up to its error code and the rest discarded unread (recv with MSG_TRUNC).
 *
 * Compiled by bench/loadgen.py with the system C compiler; no dependency beyond libc.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#define HIST_US 1000000 /* latencies up to 1 s at 1 us; longer ones land in the last bucket */

typedef struct {
    const uint8_t *frame;
    size_t frame_len;
    int fd;
    uint32_t next_cid;   /* correlation id of the next request sent */
    uint32_t oldest_cid; /* correlation id the next answer must carry */
    uint64_t *sent_at;   /* ring of send times (ns), DEPTH entries, indexed by cid % depth */
    int in_flight;
    uint8_t (*head)[12]; /* each request's first 12 bytes (its correlation id), by cid % depth */
    uint32_t send_cid;   /* correlation id of the first request not wholly written */
    int pending;         /* requests queued and not wholly written, from send_cid on */
    size_t head_off;     /* bytes of the first of them already written */
    uint8_t *in;
    size_t in_len, in_cap;
    int want_out;
    size_t skip; /* bytes of a large answer still to discard unread (MSG_TRUNC) */
    uint32_t skip_cid;
    int skip_error;
} conn_t;

static int depth;
static uint64_t hist[HIST_US + 1];
static uint64_t sent, answered, errors, bytes_in, bytes_out;
static int error_at;
static int check_errors;

static uint64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static double cpu_s(void) {
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
}

static void die(const char *what) {
    fprintf(stderr, "loadgen: %s: %s\n", what, strerror(errno));
    exit(2);
}

/* Queue one more copy of the frame: only its first 12 bytes are its own (the correlation id);
 * the rest is written from the one frame (writev), so that large frames are not copied here. */
static void queue_request(conn_t *c, uint64_t t) {
    uint8_t *h = c->head[c->next_cid % (uint32_t)depth];
    memcpy(h, c->frame, 8);
    uint32_t cid = htonl(c->next_cid);
    memcpy(h + 8, &cid, 4);
    c->sent_at[c->next_cid % (uint32_t)depth] = t;
    c->next_cid++;
    c->pending++;
    c->in_flight++;
    sent++;
}

#define MAX_IOV 512

/* Write what is queued; returns 0, or -1 when the peer went away. */
static int flush_out(conn_t *c, int ep) {
    while (c->pending) {
        struct iovec iov[MAX_IOV];
        int k = 0;
        for (int j = 0; j < c->pending && k + 2 <= MAX_IOV; j++) {
            size_t skip = j == 0 ? c->head_off : 0;
            uint8_t *h = c->head[(c->send_cid + (uint32_t)j) % (uint32_t)depth];
            if (skip < 12) iov[k++] = (struct iovec){h + skip, 12 - skip};
            size_t body = skip > 12 ? skip - 12 : 0;
            iov[k++] = (struct iovec){(void *)(c->frame + 12 + body), c->frame_len - 12 - body};
        }
        ssize_t n = writev(c->fd, iov, k);
        if (n < 0) {
            if (errno == EAGAIN || errno == EWOULDBLOCK) break;
            if (errno == EINTR) continue;
            return -1;
        }
        bytes_out += (uint64_t)n;
        size_t left = (size_t)n;
        while (left) { /* whole requests written, then part of the next */
            size_t rest = c->frame_len - c->head_off;
            if (left < rest) {
                c->head_off += left;
                break;
            }
            left -= rest;
            c->head_off = 0;
            c->send_cid++;
            c->pending--;
        }
    }
    int want = c->pending > 0;
    if (want != c->want_out) {
        struct epoll_event ev = {.events = EPOLLIN | (want ? EPOLLOUT : 0), .data.ptr = c};
        if (epoll_ctl(ep, EPOLL_CTL_MOD, c->fd, &ev) < 0) die("epoll_ctl");
        c->want_out = want;
    }
    return 0;
}

/* One answer in: check it is the oldest request's, record its latency. */
static int account(conn_t *c, uint32_t cid, int error, uint64_t t) {
    if (cid != c->oldest_cid || c->in_flight == 0) {
        fprintf(stderr, "loadgen: answer with correlation id %u, expected %u\n", cid, c->oldest_cid);
        return -1;
    }
    uint64_t us = (t - c->sent_at[cid % (uint32_t)depth]) / 1000;
    hist[us < HIST_US ? us : HIST_US]++;
    if (error) errors++;
    c->oldest_cid++;
    c->in_flight--;
    answered++;
    return 0;
}

/* Discard the rest of a large answer without copying it (TCP's MSG_TRUNC): a fetch of 1 MB
 * would otherwise cost the generator a copy of it. Returns 1 once it is done, 0 if more is to
 * come, -1 on a closed connection. */
static int skip_body(conn_t *c) {
    while (c->skip) {
        ssize_t n = recv(c->fd, NULL, c->skip, MSG_TRUNC | MSG_DONTWAIT);
        if (n == 0) return -1;
        if (n < 0) {
            if (errno == EAGAIN || errno == EWOULDBLOCK) return 0;
            if (errno == EINTR) continue;
            return -1;
        }
        c->skip -= (size_t)n;
        bytes_in += (uint64_t)n;
    }
    return 1;
}

#define SKIP_ABOVE 65536 /* answers longer than this are discarded past their error code */

/* Read and account every whole answer; returns the number of answers, or -1 on a closed or
 * mismatched connection. */
static int read_answers(conn_t *c, uint64_t t) {
    int answers = 0;
    if (c->skip) {
        int done = skip_body(c);
        if (done <= 0) return done;
        if (account(c, c->skip_cid, c->skip_error, t) < 0) return -1;
        answers++;
    }
    /* One read a wake-up (epoll is level-triggered: what is left wakes it again), so that a
     * large answer's body is mostly left in the kernel for skip_body. */
    if (c->in_cap - c->in_len < 65536) {
        c->in_cap = c->in_cap * 2 + 65536;
        c->in = realloc(c->in, c->in_cap);
        if (!c->in) die("realloc");
    }
    for (;;) {
        ssize_t n = recv(c->fd, c->in + c->in_len, c->in_cap - c->in_len, 0);
        if (n == 0) return -1;
        if (n < 0) {
            if (errno == EAGAIN || errno == EWOULDBLOCK) return answers;
            if (errno == EINTR) continue;
            return -1;
        }
        c->in_len += (size_t)n;
        bytes_in += (uint64_t)n;
        break;
    }
    size_t pos = 0;
    while (c->in_len - pos >= 4) {
        uint32_t size;
        memcpy(&size, c->in + pos, 4);
        size = ntohl(size);
        if (size < 4) return -1;
        const uint8_t *a = c->in + pos + 4;
        size_t have = c->in_len - pos - 4;
        int large = size > SKIP_ABOVE && error_at >= 0;
        size_t need = large ? (size_t)(check_errors ? error_at + 2 : 4) : size;
        if (have < need) break;
        uint32_t cid;
        memcpy(&cid, a, 4);
        cid = ntohl(cid);
        int error = 0;
        if (check_errors) {
            long at = error_at >= 0 ? error_at : (long)size + error_at;
            if (at < 0 || (size_t)at + 2 > size) {
                error = 1;
            } else {
                uint16_t code;
                memcpy(&code, a + at, 2);
                error = code != 0;
            }
        }
        if (large && have < size) { /* the rest is discarded as it comes */
            c->skip = size - have;
            c->skip_cid = cid;
            c->skip_error = error;
            c->in_len = 0;
            int done = skip_body(c);
            if (done < 0) return -1;
            if (done == 0) return answers;
            if (account(c, cid, error, t) < 0) return -1;
            return answers + 1;
        }
        if (account(c, cid, error, t) < 0) return -1;
        answers++;
        pos += 4 + size;
    }
    if (pos) {
        memmove(c->in, c->in + pos, c->in_len - pos);
        c->in_len -= pos;
    }
    return answers;
}

static double percentile(double q) {
    uint64_t total = 0;
    for (int i = 0; i <= HIST_US; i++) total += hist[i];
    if (!total) return 0;
    uint64_t rank = (uint64_t)(q * (double)total), seen = 0;
    for (int i = 0; i <= HIST_US; i++) {
        seen += hist[i];
        if (seen > rank) return i;
    }
    return HIST_US;
}

int main(int argc, char **argv) {
    if (argc < 7) {
        fprintf(stderr, "usage: %s HOST PORT FRAMES CONNECTIONS DEPTH SECONDS [WARMUP [ERROR_AT]]\n", argv[0]);
        return 2;
    }
    const char *host = argv[1], *port = argv[2];
    int nconn = atoi(argv[4]);
    depth = atoi(argv[5]);
    double seconds = atof(argv[6]), warmup = argc > 7 ? atof(argv[7]) : 0;
    if (argc > 8) {
        check_errors = 1;
        error_at = atoi(argv[8]);
    }
    if (nconn < 1 || depth < 1 || seconds <= 0) {
        fprintf(stderr, "loadgen: connections, depth and seconds must be positive\n");
        return 2;
    }

    /* The frames: size-prefixed, back to back. */
    FILE *f = fopen(argv[3], "rb");
    if (!f) die("open frames");
    fseek(f, 0, SEEK_END);
    long flen = ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *blob = malloc((size_t)flen + 1);
    if (!blob || fread(blob, 1, (size_t)flen, f) != (size_t)flen) die("read frames");
    fclose(f);
    const uint8_t *frames[4096];
    size_t lens[4096];
    int nframes = 0;
    for (long pos = 0; pos + 4 <= flen && nframes < 4096;) {
        uint32_t size;
        memcpy(&size, blob + pos, 4);
        size = ntohl(size);
        if (size < 8 || pos + 4 + (long)size > flen) {
            fprintf(stderr, "loadgen: malformed frames file at %ld\n", pos);
            return 2;
        }
        frames[nframes] = blob + pos;
        lens[nframes++] = 4 + size;
        pos += 4 + (long)size;
    }
    if (!nframes) {
        fprintf(stderr, "loadgen: no frames\n");
        return 2;
    }

    struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM}, *ai;
    if (getaddrinfo(host, port, &hints, &ai) != 0) {
        fprintf(stderr, "loadgen: cannot resolve %s:%s\n", host, port);
        return 2;
    }
    int ep = epoll_create1(0);
    if (ep < 0) die("epoll_create1");
    conn_t *conns = calloc((size_t)nconn, sizeof(conn_t));
    for (int i = 0; i < nconn; i++) {
        conn_t *c = &conns[i];
        c->frame = frames[i % nframes];
        c->frame_len = lens[i % nframes];
        c->sent_at = calloc((size_t)depth, sizeof(uint64_t));
        c->head = calloc((size_t)depth, 12);
        if (!c->sent_at || !c->head) die("calloc");
        c->fd = socket(ai->ai_family, SOCK_STREAM, 0);
        if (c->fd < 0) die("socket");
        if (connect(c->fd, ai->ai_addr, ai->ai_addrlen) < 0) die("connect");
        int one = 1;
        setsockopt(c->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        fcntl(c->fd, F_SETFL, fcntl(c->fd, F_GETFL) | O_NONBLOCK);
        struct epoll_event ev = {.events = EPOLLIN, .data.ptr = c};
        if (epoll_ctl(ep, EPOLL_CTL_ADD, c->fd, &ev) < 0) die("epoll_ctl");
    }
    freeaddrinfo(ai);

    uint64_t start = now_ns();
    uint64_t measure_at = start + (uint64_t)(warmup * 1e9);
    uint64_t stop_at = measure_at + (uint64_t)(seconds * 1e9);
    int measuring = warmup <= 0;
    double cpu0 = cpu_s(), cpu_end = 0;
    uint64_t t_end = 0, sent_end = 0, answered_end = 0, in_end = 0, out_end = 0, errors_end = 0;
    int stopped = 0;
    for (int i = 0; i < nconn; i++) {
        for (int k = 0; k < depth; k++) queue_request(&conns[i], start);
        if (flush_out(&conns[i], ep) < 0) die("send");
    }

    struct epoll_event events[256];
    int failed = 0;
    for (;;) {
        uint64_t t = now_ns();
        if (!measuring && t >= measure_at) {
            measuring = 1;
            memset(hist, 0, sizeof hist);
            /* Requests already in flight count as sent in the window: answered ones are. */
            uint64_t flying = 0;
            for (int i = 0; i < nconn; i++) flying += (uint64_t)conns[i].in_flight;
            sent = flying;
            answered = errors = bytes_in = bytes_out = 0;
            cpu0 = cpu_s();
        }
        if (!stopped && t >= stop_at) {
            stopped = 1;
            t_end = t;
            sent_end = sent;
            answered_end = answered;
            errors_end = errors;
            in_end = bytes_in;
            out_end = bytes_out;
            cpu_end = cpu_s();
        }
        uint64_t flying = 0;
        for (int i = 0; i < nconn; i++) flying += (uint64_t)conns[i].in_flight;
        if (stopped && (flying == 0 || t >= t_end + 10000000000ull)) break;
        int n = epoll_wait(ep, events, 256, 50);
        if (n < 0) {
            if (errno == EINTR) continue;
            die("epoll_wait");
        }
        t = now_ns();
        for (int e = 0; e < n; e++) {
            conn_t *c = events[e].data.ptr;
            if (events[e].events & (EPOLLIN | EPOLLHUP | EPOLLERR)) {
                int got = read_answers(c, t);
                if (got < 0) {
                    failed = 1;
                    break;
                }
                if (!stopped && t < stop_at)
                    for (int k = 0; k < got; k++) queue_request(c, t);
            }
            if (flush_out(c, ep) < 0) {
                failed = 1;
                break;
            }
        }
        if (failed) break;
    }
    uint64_t flying = 0;
    for (int i = 0; i < nconn; i++) flying += (uint64_t)conns[i].in_flight;
    if (!stopped) { /* failed before the end */
        t_end = now_ns();
        sent_end = sent;
        answered_end = answered;
        errors_end = errors;
        in_end = bytes_in;
        out_end = bytes_out;
        cpu_end = cpu_s();
    }
    double window = (double)(t_end - (warmup > 0 ? measure_at : start)) / 1e9;
    if (window <= 0) window = 1e-9;
    double cpu = cpu_end - cpu0;
    printf(
        "{\"connections\": %d, \"depth\": %d, \"frames\": %d, \"seconds\": %.6f, "
        "\"sent\": %llu, \"answered\": %llu, \"rate\": %.1f, \"errors\": %llu, "
        "\"p50_us\": %.0f, \"p99_us\": %.0f, \"bytes_in\": %llu, \"bytes_out\": %llu, "
        "\"cpu_s\": %.6f, \"cpu_us_per_answer\": %.3f, "
        "\"sent_total\": %llu, \"answered_total\": %llu, \"in_flight_at_end\": %llu, \"failed\": %s}\n",
        nconn, depth, nframes, window, (unsigned long long)sent_end, (unsigned long long)answered_end,
        (double)answered_end / window, (unsigned long long)errors_end, percentile(0.5), percentile(0.99),
        (unsigned long long)in_end, (unsigned long long)out_end, cpu,
        answered_end ? cpu / (double)answered_end * 1e6 : 0.0, (unsigned long long)sent,
        (unsigned long long)answered, (unsigned long long)flying, failed ? "true" : "false");
    return failed ? 1 : 0;
}
