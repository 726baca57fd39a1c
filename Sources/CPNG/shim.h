// libpng behind plain C functions that never let a longjmp escape into Swift.
//
// libpng reports errors by calling png_error, which longjmps to the most recent setjmp on the
// png struct. A longjmp across Swift frames is undefined behaviour, so every function below that
// calls into libpng does its own setjmp first and turns an error into a status code plus the
// message libpng gave. Swift code calls only these gs_png_* functions; the read and write
// callbacks are C too. Warnings are swallowed (libpng would print them on stderr).
//
// zlib comes along for its crc32 (used by the header-only reader and by tests that build PNGs
// byte by byte).
#include <png.h>
#include <zlib.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

enum {
    GS_PNG_OK = 0,
    GS_PNG_ERROR = 1,      // libpng reported an error; the message says which
    GS_PNG_NO_MEMORY = 2,
    GS_PNG_TOO_LARGE = 3,  // width × height is over the caller's cap; nothing large was allocated
};

// ---------------------------------------------------------------- shared error handling

typedef struct {
    char message[256];
} gs_png_error_state;

static inline void gs_png_on_error(png_structp png, png_const_charp message) {
    gs_png_error_state *state = (gs_png_error_state *)png_get_error_ptr(png);
    if (state != NULL) {
        strncpy(state->message, message != NULL ? message : "unknown libpng error",
                sizeof state->message - 1);
        state->message[sizeof state->message - 1] = 0;
    }
    png_longjmp(png, 1);
}

static inline void gs_png_on_warning(png_structp png, png_const_charp message) {
    (void)png; (void)message;
}

// ---------------------------------------------------------------- writing

/// A private chunk to write before IDAT. `name` is four ASCII letters, not NUL-terminated.
typedef struct {
    unsigned char name[4];
    const unsigned char *data;
    size_t size;
} gs_png_chunk_in;

typedef struct {
    // Inputs.
    unsigned int width, height;
    const unsigned char *rgba;   // straight (not premultiplied) RGBA8, rows packed
    const gs_png_chunk_in *chunks;
    int chunk_count;
    int filters;                 // PNG_FILTER_* mask
    int level;                   // zlib level 0...9
    int strategy;                // Z_DEFAULT_STRATEGY, Z_RLE, Z_FILTERED, ...
    // Outputs: a malloc'd buffer the caller frees with gs_png_free.
    unsigned char *output;
    size_t output_size;
    size_t output_capacity;
    int out_of_memory;
    gs_png_error_state error;
} gs_png_write_job;

static inline void gs_png_write_callback(png_structp png, png_bytep data, size_t length) {
    gs_png_write_job *job = (gs_png_write_job *)png_get_io_ptr(png);
    if (job->output_size + length > job->output_capacity) {
        size_t capacity = job->output_capacity < 65536 ? 65536 : job->output_capacity;
        while (capacity < job->output_size + length) capacity *= 2;
        unsigned char *grown = (unsigned char *)realloc(job->output, capacity);
        if (grown == NULL) {
            job->out_of_memory = 1;
            png_error(png, "out of memory while writing PNG");
        }
        job->output = grown;
        job->output_capacity = capacity;
    }
    memcpy(job->output + job->output_size, data, length);
    job->output_size += length;
}

static inline void gs_png_flush_callback(png_structp png) { (void)png; }

/// Encodes `job->rgba` as an 8-bit RGBA PNG with an sRGB chunk, the given private chunks before
/// IDAT, and no timestamp. Returns GS_PNG_OK or an error status with `job->error.message` set.
static inline int gs_png_write_rgba(gs_png_write_job *job) {
    job->output = NULL;
    job->output_size = 0;
    job->output_capacity = 0;
    job->out_of_memory = 0;
    job->error.message[0] = 0;

    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &job->error,
                                              gs_png_on_error, gs_png_on_warning);
    if (png == NULL) return GS_PNG_NO_MEMORY;
    png_infop info = png_create_info_struct(png);
    // Allocated before setjmp so the error path can free it; volatile because it is read after
    // a longjmp.
    png_unknown_chunk *volatile unknown = NULL;
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        return GS_PNG_NO_MEMORY;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(unknown);
        free(job->output);
        job->output = NULL;
        job->output_size = 0;
        return job->out_of_memory ? GS_PNG_NO_MEMORY : GS_PNG_ERROR;
    }
    png_set_write_fn(png, job, gs_png_write_callback, gs_png_flush_callback);
    png_set_IHDR(png, info, job->width, job->height, 8, PNG_COLOR_TYPE_RGB_ALPHA,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, job->filters);
    png_set_compression_level(png, job->level);
    png_set_compression_strategy(png, job->strategy);
    png_set_compression_buffer_size(png, 1 << 17);

    if (job->chunk_count > 0) {
        unknown = (png_unknown_chunk *)calloc((size_t)job->chunk_count, sizeof(png_unknown_chunk));
        if (unknown == NULL) {
            job->out_of_memory = 1;
            png_error(png, "out of memory");
        }
        for (int i = 0; i < job->chunk_count; i++) {
            memcpy(unknown[i].name, job->chunks[i].name, 4);
            unknown[i].name[4] = 0;
            unknown[i].data = (png_byte *)job->chunks[i].data;   // copied by png_set_unknown_chunks
            unknown[i].size = job->chunks[i].size;
            unknown[i].location = PNG_HAVE_PLTE;                 // after PLTE, before IDAT
        }
        // Write every chunk we were given, whatever its safe-to-copy bit says.
        png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_ALWAYS, NULL, 0);
        png_set_unknown_chunks(png, info, unknown, job->chunk_count);
    }

    png_write_info(png, info);
    size_t stride = (size_t)job->width * 4;
    for (unsigned int y = 0; y < job->height; y++) {
        png_write_row(png, (png_const_bytep)(job->rgba + (size_t)y * stride));
    }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    free(unknown);
    return GS_PNG_OK;
}

static inline void gs_png_free(void *pointer) { free(pointer); }

// ---------------------------------------------------------------- reading

typedef struct {
    const unsigned char *data;
    size_t size;
    size_t offset;
    png_structp png;
    png_infop info;
    gs_png_error_state error;
} gs_png_reader;

static inline void gs_png_read_callback(png_structp png, png_bytep out, size_t length) {
    gs_png_reader *reader = (gs_png_reader *)png_get_io_ptr(png);
    if (length > reader->size - reader->offset) {
        png_error(png, "file is truncated");
    }
    memcpy(out, reader->data + reader->offset, length);
    reader->offset += length;
}

static inline void gs_png_reader_close(gs_png_reader *reader) {
    if (reader->png != NULL) {
        png_destroy_read_struct(&reader->png, reader->info != NULL ? &reader->info : NULL, NULL);
    }
    reader->png = NULL;
    reader->info = NULL;
}

/// The bytes an image's data must inflate to: each row of each Adam7 pass (or of the whole image)
/// is a filter byte and its samples. Anything past that is not part of the image.
static inline unsigned long long gs_png_raw_size(unsigned int width, unsigned int height, int bit_depth,
                                                 int color_type, int interlaced) {
    int channels = color_type == PNG_COLOR_TYPE_RGB ? 3 : color_type == PNG_COLOR_TYPE_RGB_ALPHA ? 4
                 : color_type == PNG_COLOR_TYPE_GRAY_ALPHA ? 2 : 1;
    unsigned long long bits = (unsigned long long)channels * (unsigned long long)bit_depth;
    static const unsigned int start_x[7] = {0, 4, 0, 2, 0, 1, 0}, start_y[7] = {0, 0, 4, 0, 2, 0, 1};
    static const unsigned int step_x[7] = {8, 8, 4, 4, 2, 2, 1}, step_y[7] = {8, 8, 8, 4, 4, 2, 2};
    if (!interlaced) return (unsigned long long)height * (1 + ((unsigned long long)width * bits + 7) / 8);
    unsigned long long total = 0;
    for (int pass = 0; pass < 7; pass++) {
        if (width <= start_x[pass] || height <= start_y[pass]) continue;
        unsigned long long w = (width - start_x[pass] + step_x[pass] - 1) / step_x[pass];
        unsigned long long h = (height - start_y[pass] + step_y[pass] - 1) / step_y[pass];
        total += h * (1 + (w * bits + 7) / 8);
    }
    return total;
}

/// Whether the image data (the IDAT chunks' zlib stream) inflates to at most `limit` bytes. Inflated
/// into a small scratch buffer and stopped the moment it passes the limit, so a small file whose
/// data would inflate to gigabytes (libpng inflates what follows the image's last row, to throw it
/// away) costs no more than its image would. A stream that is damaged is left for libpng to refuse.
static inline int gs_png_inflates_within(const unsigned char *data, size_t size, unsigned long long limit) {
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (inflateInit(&stream) != Z_OK) return 1;
    unsigned char scratch[16384];
    unsigned long long produced = 0;
    int within = 1, ended = 0;
    size_t at = 8;
    while (!ended && within && at + 12 <= size) {
        size_t length = ((size_t)data[at] << 24) | ((size_t)data[at + 1] << 16) | ((size_t)data[at + 2] << 8) | data[at + 3];
        if (length > size - at - 12) break;
        if (memcmp(data + at + 4, "IDAT", 4) == 0) {
            stream.next_in = (Bytef *)(data + at + 8);
            stream.avail_in = (uInt)length;
            while (stream.avail_in > 0) {
                stream.next_out = scratch;
                stream.avail_out = sizeof scratch;
                int status = inflate(&stream, Z_NO_FLUSH);
                produced += sizeof scratch - stream.avail_out;
                if (produced > limit) { within = 0; break; }
                if (status == Z_STREAM_END) { ended = 1; break; }
                if (status != Z_OK) { ended = 1; break; }
            }
        } else if (memcmp(data + at + 4, "IEND", 4) == 0) {
            break;
        }
        at += length + 12;
    }
    inflateEnd(&stream);
    return within;
}

/// Reads the signature and every chunk up to the first IDAT, and sets up the transformations that
/// turn any PNG into 8-bit RGBA (straight alpha). `*width` and `*height` are set once the header is
/// read; an image of more than `max_pixels` pixels gives GS_PNG_TOO_LARGE before libpng allocates
/// its row buffers. On success `gs_png_reader_read_rgba` needs a width × height × 4 byte buffer.
/// On error the reader is closed.
static inline int gs_png_reader_open(gs_png_reader *reader, const unsigned char *data, size_t size,
                                     unsigned long long max_pixels,
                                     unsigned int *width, unsigned int *height) {
    reader->data = data;
    reader->size = size;
    reader->offset = 0;
    reader->png = NULL;
    reader->info = NULL;
    reader->error.message[0] = 0;
    if (size < 8 || png_sig_cmp(data, 0, 8) != 0) {
        strcpy(reader->error.message, "not a PNG file (bad signature)");
        return GS_PNG_ERROR;
    }
    reader->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &reader->error,
                                         gs_png_on_error, gs_png_on_warning);
    if (reader->png == NULL) return GS_PNG_NO_MEMORY;
    reader->info = png_create_info_struct(reader->png);
    if (reader->info == NULL) {
        gs_png_reader_close(reader);
        return GS_PNG_NO_MEMORY;
    }
    if (setjmp(png_jmpbuf(reader->png))) {
        gs_png_reader_close(reader);
        return GS_PNG_ERROR;
    }
    png_structp png = reader->png;
    png_infop info = reader->info;
    png_set_read_fn(png, reader, gs_png_read_callback);
    // A damaged chunk is an error, whether critical or ancillary.
    png_set_crc_action(png, PNG_CRC_ERROR_QUIT, PNG_CRC_ERROR_QUIT);
    // Keep chunks libpng does not know (the caller's private chunks) so they can be returned.
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_ALWAYS, NULL, 0);
    // The pixel cap is checked by the caller between open and read, with a clear message;
    // libpng's own default (1,000,000 per side) would report a huge size as a malformed file.
    png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
    png_read_info(png, info);
    *width = png_get_image_width(png, info);
    *height = png_get_image_height(png, info);
    if ((unsigned long long)*width * (unsigned long long)*height > max_pixels) {
        gs_png_reader_close(reader);
        return GS_PNG_TOO_LARGE;
    }

    int bit_depth = png_get_bit_depth(png, info);
    int color_type = png_get_color_type(png, info);
    // A kilobyte of slack past the exact size: no encoder needs it, and it bounds the work.
    unsigned long long raw = gs_png_raw_size(*width, *height, bit_depth, color_type,
                                             png_get_interlace_type(png, info) != PNG_INTERLACE_NONE);
    if (!gs_png_inflates_within(data, size, raw + 1024)) {
        snprintf(reader->error.message, sizeof reader->error.message,
                 "the image data inflates to more than the %llu bytes a %u x %u image holds", raw, *width, *height);
        gs_png_reader_close(reader);
        return GS_PNG_ERROR;
    }
    // Palette → RGB, grey below 8 bits → 8 bits, tRNS → an alpha channel.
    png_set_expand(png);
    if (bit_depth == 16) png_set_scale_16(png);   // rounds, unlike strip_16
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) {
        png_set_gray_to_rgb(png);
    }
    // Opaque images get an alpha byte of 255 (ignored when tRNS already made one).
    png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_bit_depth(png, info) != 8 || png_get_channels(png, info) != 4) {
        png_error(png, "unsupported PNG layout after conversion to RGBA");
    }
    return GS_PNG_OK;
}

/// Decodes the pixels as straight RGBA8 into `rgba` (width × height × 4 bytes, rows packed), then
/// reads the rest of the file up to IEND so damage after the image data is caught too. The reader
/// stays open on success (its chunks can be listed) and is closed on error.
static inline int gs_png_reader_read_rgba(gs_png_reader *reader, unsigned char *rgba) {
    png_structp png = reader->png;
    png_infop info = reader->info;
    png_bytep *volatile rows = NULL;
    if (setjmp(png_jmpbuf(png))) {
        free(rows);
        gs_png_reader_close(reader);
        return GS_PNG_ERROR;
    }
    unsigned int height = png_get_image_height(png, info);
    size_t stride = (size_t)png_get_image_width(png, info) * 4;
    rows = (png_bytep *)malloc(sizeof(png_bytep) * height);
    if (rows == NULL) png_error(png, "out of memory");
    for (unsigned int y = 0; y < height; y++) rows[y] = rgba + (size_t)y * stride;
    png_read_image(png, rows);
    free(rows);
    rows = NULL;
    png_read_end(png, info);
    return GS_PNG_OK;
}

/// The unknown (private) chunks read so far, in file order; valid until the reader is closed.
static inline int gs_png_reader_chunks(gs_png_reader *reader, png_unknown_chunkp *chunks) {
    if (reader->png == NULL) return 0;
    return png_get_unknown_chunks(reader->png, reader->info, chunks);
}

/// zlib's CRC-32, for the header-only chunk walk.
static inline unsigned long gs_png_crc32(unsigned long crc, const unsigned char *data, size_t size) {
    return crc32_z(crc, data, size);
}
