// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT
// libavif reports every error as a return code, so NukeAVIF calls it from Swift directly; the one
// thing here is an input that libavif reads through callbacks.
#include <avif/avif.h>
#include <string.h>

/// The first `count` bytes of a download as libavif's input: a read past them is "waiting on
/// I/O" (more may come), not the end of the file. The bytes must outlive the decoder.
typedef struct {
    avifIO io;
    const uint8_t *bytes;
    size_t count;
} nuke_avif_partial_input;

static inline avifResult nuke_avif_partial_read(struct avifIO *io, uint32_t flags, uint64_t offset, size_t size,
                                                avifROData *out) {
    const nuke_avif_partial_input *input = (const nuke_avif_partial_input *)io;
    if (flags != 0) {
        return AVIF_RESULT_IO_ERROR;
    }
    if (offset > input->count || size > input->count - offset) {
        return AVIF_RESULT_WAITING_ON_IO;
    }
    out->data = input->bytes + offset;
    out->size = size;
    return AVIF_RESULT_OK;
}

static inline void nuke_avif_partial_destroy(struct avifIO *io) {
    avifFree(io);
}

/// A new partial input, owned by the decoder it is given to (`avifDecoderSetIO`); `size_hint` is
/// libavif's upper bound for the file's size.
static inline avifIO *nuke_avif_partial_input_create(const uint8_t *bytes, size_t count, uint64_t size_hint) {
    nuke_avif_partial_input *input = (nuke_avif_partial_input *)avifAlloc(sizeof(nuke_avif_partial_input));
    if (input == NULL) {
        return NULL;
    }
    memset(input, 0, sizeof(*input));
    input->io.destroy = nuke_avif_partial_destroy;
    input->io.read = nuke_avif_partial_read;
    input->io.sizeHint = size_hint;
    input->io.persistent = AVIF_TRUE;
    input->bytes = bytes;
    input->count = count;
    return &input->io;
}
