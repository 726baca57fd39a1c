// libwebp behind two plain C functions, so Swift sees no macros and no configuration structs.
//
// Encoding is lossless through the advanced API with `exact` set: libwebp would otherwise be free to
// change the colour of fully transparent pixels (which a lossless encoder may do to save bytes), and
// a snapshot's transparent corners must come back as they went in. Threads are off and the preset
// is fixed, so the same pixels give the same bytes on every run.
#include <webp/encode.h>
#include <webp/decode.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum {
    GS_WEBP_OK = 0,
    GS_WEBP_ERROR = 1,   // libwebp refused; `error` holds its WebPEncodingError
    GS_WEBP_NO_MEMORY = 2,
};

// Encodes straight (not premultiplied) RGBA, `width * 4` bytes a row. On success `*output` is a
// buffer of `*size` bytes the caller frees with gs_webp_free.
static inline int gs_webp_encode_lossless(const uint8_t *rgba, int width, int height, int level,
                                          uint8_t **output, size_t *size, int *error) {
    *output = NULL; *size = 0; *error = 0;
    WebPConfig config;
    if (!WebPConfigInit(&config) || !WebPConfigLosslessPreset(&config, level)) return GS_WEBP_ERROR;
    config.exact = 1;
    config.thread_level = 0;
    WebPPicture picture;
    if (!WebPPictureInit(&picture)) return GS_WEBP_ERROR;
    picture.use_argb = 1;
    picture.width = width;
    picture.height = height;
    if (!WebPPictureImportRGBA(&picture, rgba, width * 4)) {
        WebPPictureFree(&picture);
        return GS_WEBP_NO_MEMORY;
    }
    WebPMemoryWriter writer;
    WebPMemoryWriterInit(&writer);
    picture.writer = WebPMemoryWrite;
    picture.custom_ptr = &writer;
    int ok = WebPEncode(&config, &picture);
    *error = (int)picture.error_code;
    WebPPictureFree(&picture);
    if (!ok) {
        WebPMemoryWriterClear(&writer);
        return GS_WEBP_ERROR;
    }
    *output = writer.mem;
    *size = writer.size;
    return GS_WEBP_OK;
}

// Decodes a WebP into straight RGBA; NULL when it is not one. Free with gs_webp_free.
static inline uint8_t *gs_webp_decode_rgba(const uint8_t *data, size_t size, int *width, int *height) {
    return WebPDecodeRGBA(data, size, width, height);
}

static inline void gs_webp_free(void *pointer) { WebPFree(pointer); }
