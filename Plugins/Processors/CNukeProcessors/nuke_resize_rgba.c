// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

// NukeCore's RGBA resampler (Sources/NukeCore/Processing/Resampler.swift and
// Resampler+FilteredRows.swift) with AVX2: the same steps in the same order, each on eight floats
// (two pixels) where the Swift code has four. Source rows are filtered across four at a time into
// a ring of as many rows as the vertical filter has taps plus three; every sum starts at zero
// and adds its taps in order, as products of single-precision multiplies (never fused), so each
// output byte is the portable code's.

#include "CNukeProcessors.h"

#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>
#define NUKE_HAS_AVX2_RESIZE 1
#endif

int nuke_resize_rgba_available(void) {
#ifdef NUKE_HAS_AVX2_RESIZE
    return __builtin_cpu_supports("avx2");
#else
    return 0;
#endif
}

#ifdef NUKE_HAS_AVX2_RESIZE

#define NUKE_AVX2 __attribute__((target("avx2")))

/// Source rows converted to floats for the filter across: rows 0 and 1 interleaved (pixel x of
/// row 0, then pixel x of row 1: one 8-float load), then rows 2 and 3 the same way.
typedef struct {
    float *pairs;
    ptrdiff_t width;
} batch_rows;

/// Working memory of one call: the ring of filtered rows, the row each slot holds, the batch and
/// one output row of sums.
typedef struct {
    float *ring;
    ptrdiff_t *row_in_slot;
    ptrdiff_t slots;
    batch_rows batch;
    float *sums;
} workspace;

static int workspace_init(workspace *w, const nuke_rgba_resize *job) {
    ptrdiff_t taps = job->vertical.taps > 1 ? job->vertical.taps : 1;
    w->slots = taps + 3;
    w->ring = aligned_alloc(32, (size_t)(w->slots * job->width * 4 * sizeof(float) + 32) & ~(size_t)31);
    w->row_in_slot = malloc((size_t)w->slots * sizeof(ptrdiff_t));
    w->batch.width = job->source_width;
    w->batch.pairs = aligned_alloc(32, (size_t)(job->source_width * 16 * sizeof(float) + 32) & ~(size_t)31);
    w->sums = aligned_alloc(32, (size_t)(job->width * 4 * sizeof(float) + 32) & ~(size_t)31);
    if (!w->ring || !w->row_in_slot || !w->batch.pairs || !w->sums) return -1;
    for (ptrdiff_t slot = 0; slot < w->slots; slot++) w->row_in_slot[slot] = -1;
    return 0;
}

static void workspace_free(workspace *w) {
    free(w->ring);
    free(w->row_in_slot);
    free(w->batch.pairs);
    free(w->sums);
}

/// Where source row `row` lives in the ring.
static inline float *ring_row(const workspace *w, ptrdiff_t row, ptrdiff_t width) {
    return w->ring + (row % w->slots) * width * 4;
}

/// A mask of the alpha lanes of two RGBA pixels.
NUKE_AVX2 static inline __m256 alpha_lanes(void) {
    return _mm256_castsi256_ps(_mm256_setr_epi32(0, 0, 0, -1, 0, 0, 0, -1));
}

/// Two pixels' colour times their alpha / 255, alpha unchanged (multiplied by exactly 1).
NUKE_AVX2 static inline __m256 premultiplied(__m256 values) {
    __m256 alpha = _mm256_div_ps(_mm256_permute_ps(values, 0xFF), _mm256_set1_ps(255));
    return _mm256_mul_ps(values, _mm256_blendv_ps(alpha, _mm256_set1_ps(1), alpha_lanes()));
}

/// Two pixels' bytes (the second zero when `count` is 1) as floats, premultiplied if asked.
NUKE_AVX2 static inline __m256 pixel_pair(long long bytes, int premultiply) {
    __m256 values = _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(_mm_cvtsi64_si128(bytes)));
    return premultiply ? premultiplied(values) : values;
}

/// Source row `row` as floats in 0…255 into batch row `index` (0…3), premultiplied when the job
/// is: two pixels at a time, then the last one alone when the width is odd.
NUKE_AVX2 static void load_row(const nuke_rgba_resize *job, batch_rows *batch, ptrdiff_t row, int index) {
    const uint8_t *pixels = job->source + row * job->source_bytes_per_row;
    float *target = batch->pairs + (index / 2) * batch->width * 8 + (index % 2) * 4;
    ptrdiff_t x = 0;
    for (; x + 2 <= job->source_width; x += 2) {
        long long two;
        memcpy(&two, pixels + x * 4, 8);
        __m256 values = pixel_pair(two, job->premultiplied);
        _mm_storeu_ps(target + x * 8, _mm256_castps256_ps128(values));
        _mm_storeu_ps(target + x * 8 + 8, _mm256_extractf128_ps(values, 1));
    }
    if (x < job->source_width) {
        long long one = 0;
        memcpy(&one, pixels + x * 4, 4);
        _mm_storeu_ps(target + x * 8, _mm256_castps256_ps128(pixel_pair(one, job->premultiplied)));
    }
}

/// Stores the low and high halves of `sums` (rows 0 and 1, or 2 and 3, of a batch at one output
/// pixel) at that pixel in two ring rows.
NUKE_AVX2 static inline void store_pair(__m256 sums, float *low, float *high) {
    _mm_storeu_ps(low, _mm256_castps256_ps128(sums));
    _mm_storeu_ps(high, _mm256_extractf128_ps(sums, 1));
}

/// The filter across for the four batch rows into the ring rows `targets`: two output pixels at
/// a time where they take as many taps (four independent sums of eight lanes), else one.
NUKE_AVX2 static void filter_across(const nuke_rgba_resize *job, const batch_rows *batch, float *targets[4]) {
    const nuke_resampling_table *table = &job->horizontal;
    const float *pair1 = batch->pairs + batch->width * 8;
    ptrdiff_t x = 0;
    while (x < job->width) {
        ptrdiff_t count = table->counts[x];
        const float *weights = table->weights + x * table->taps;
        const float *first01 = batch->pairs + table->starts[x] * 8, *first23 = pair1 + table->starts[x] * 8;
        if (x + 1 < job->width && table->counts[x + 1] == count) {
            const float *next_weights = weights + table->taps;
            const float *next01 = batch->pairs + table->starts[x + 1] * 8, *next23 = pair1 + table->starts[x + 1] * 8;
            __m256 sum01 = _mm256_setzero_ps(), sum23 = _mm256_setzero_ps();
            __m256 next_sum01 = _mm256_setzero_ps(), next_sum23 = _mm256_setzero_ps();
            for (ptrdiff_t tap = 0; tap < count; tap++) {
                __m256 weight = _mm256_broadcast_ss(weights + tap), next_weight = _mm256_broadcast_ss(next_weights + tap);
                sum01 = _mm256_add_ps(sum01, _mm256_mul_ps(_mm256_loadu_ps(first01 + tap * 8), weight));
                sum23 = _mm256_add_ps(sum23, _mm256_mul_ps(_mm256_loadu_ps(first23 + tap * 8), weight));
                next_sum01 = _mm256_add_ps(next_sum01, _mm256_mul_ps(_mm256_loadu_ps(next01 + tap * 8), next_weight));
                next_sum23 = _mm256_add_ps(next_sum23, _mm256_mul_ps(_mm256_loadu_ps(next23 + tap * 8), next_weight));
            }
            store_pair(sum01, targets[0] + x * 4, targets[1] + x * 4);
            store_pair(sum23, targets[2] + x * 4, targets[3] + x * 4);
            store_pair(next_sum01, targets[0] + x * 4 + 4, targets[1] + x * 4 + 4);
            store_pair(next_sum23, targets[2] + x * 4 + 4, targets[3] + x * 4 + 4);
            x += 2;
        } else {
            __m256 sum01 = _mm256_setzero_ps(), sum23 = _mm256_setzero_ps();
            for (ptrdiff_t tap = 0; tap < count; tap++) {
                __m256 weight = _mm256_broadcast_ss(weights + tap);
                sum01 = _mm256_add_ps(sum01, _mm256_mul_ps(_mm256_loadu_ps(first01 + tap * 8), weight));
                sum23 = _mm256_add_ps(sum23, _mm256_mul_ps(_mm256_loadu_ps(first23 + tap * 8), weight));
            }
            store_pair(sum01, targets[0] + x * 4, targets[1] + x * 4);
            store_pair(sum23, targets[2] + x * 4, targets[3] + x * 4);
            x += 1;
        }
    }
}

/// Makes the source rows `first` up to `end` available in the ring, filtering those not there yet
/// four at a time; past the last source row, a batch repeats it into its own slot.
NUKE_AVX2 static void make_available(const nuke_rgba_resize *job, workspace *w, ptrdiff_t first, ptrdiff_t end) {
    for (ptrdiff_t row = first; row < end; row++) {
        if (w->row_in_slot[row % w->slots] == row) continue;
        ptrdiff_t last = (job->source_height - row < 4 ? job->source_height - row : 4) - 1;
        float *targets[4];
        for (int index = 0; index < 4; index++) {
            ptrdiff_t source_row = row + (index < last ? index : last);
            load_row(job, &w->batch, source_row, index);
            targets[index] = ring_row(w, source_row, job->width);
        }
        filter_across(job, &w->batch, targets);
        for (ptrdiff_t index = 0; index <= last; index++) w->row_in_slot[(row + index) % w->slots] = row + index;
    }
}

/// The filter down for output row `y` into `w->sums`: eight pixels at a time (four independent
/// sums of eight lanes), then two, then one.
NUKE_AVX2 static void filter_down(const nuke_rgba_resize *job, const workspace *w, ptrdiff_t y) {
    const nuke_resampling_table *table = &job->vertical;
    ptrdiff_t first = table->starts[y], count = table->counts[y];
    const float *weights = table->weights + y * table->taps;
    const float *rows[count > 0 ? count : 1];
    for (ptrdiff_t tap = 0; tap < count; tap++) rows[tap] = ring_row(w, first + tap, job->width);
    ptrdiff_t floats = job->width * 4, index = 0;
    for (; index + 32 <= floats; index += 32) {
        __m256 sum0 = _mm256_setzero_ps(), sum1 = _mm256_setzero_ps();
        __m256 sum2 = _mm256_setzero_ps(), sum3 = _mm256_setzero_ps();
        for (ptrdiff_t tap = 0; tap < count; tap++) {
            const float *row = rows[tap] + index;
            __m256 weight = _mm256_broadcast_ss(weights + tap);
            sum0 = _mm256_add_ps(sum0, _mm256_mul_ps(_mm256_loadu_ps(row), weight));
            sum1 = _mm256_add_ps(sum1, _mm256_mul_ps(_mm256_loadu_ps(row + 8), weight));
            sum2 = _mm256_add_ps(sum2, _mm256_mul_ps(_mm256_loadu_ps(row + 16), weight));
            sum3 = _mm256_add_ps(sum3, _mm256_mul_ps(_mm256_loadu_ps(row + 24), weight));
        }
        _mm256_store_ps(w->sums + index, sum0);
        _mm256_store_ps(w->sums + index + 8, sum1);
        _mm256_store_ps(w->sums + index + 16, sum2);
        _mm256_store_ps(w->sums + index + 24, sum3);
    }
    for (; index + 8 <= floats; index += 8) {
        __m256 sum = _mm256_setzero_ps();
        for (ptrdiff_t tap = 0; tap < count; tap++) {
            sum = _mm256_add_ps(sum, _mm256_mul_ps(_mm256_loadu_ps(rows[tap] + index), _mm256_broadcast_ss(weights + tap)));
        }
        _mm256_store_ps(w->sums + index, sum);
    }
    for (; index < floats; index += 4) {
        __m128 sum = _mm_setzero_ps();
        for (ptrdiff_t tap = 0; tap < count; tap++) {
            sum = _mm_add_ps(sum, _mm_mul_ps(_mm_loadu_ps(rows[tap] + index), _mm_broadcast_ss(weights + tap)));
        }
        _mm_store_ps(w->sums + index, sum);
    }
}

/// `value` limited to 0…255, NaN to 0 (`maxps` returns its second operand for a NaN).
NUKE_AVX2 static inline __m256 clamped(__m256 value) {
    return _mm256_min_ps(_mm256_max_ps(value, _mm256_setzero_ps()), _mm256_set1_ps(255));
}

/// Premultiplied sums made straight: clamped, colour times 255 / alpha (0 where alpha is 0),
/// alpha times exactly 1.
NUKE_AVX2 static inline __m256 unpremultiplied(__m256 sums) {
    __m256 value = clamped(sums);
    __m256 alpha = _mm256_permute_ps(value, 0xFF);
    __m256 factor = _mm256_and_ps(
        _mm256_div_ps(_mm256_set1_ps(255), alpha),
        _mm256_cmp_ps(alpha, _mm256_setzero_ps(), _CMP_GT_OQ)
    );
    return _mm256_mul_ps(value, _mm256_blendv_ps(factor, _mm256_set1_ps(1), alpha_lanes()));
}

/// Values in 0…255 rounded to the nearest integer (ties to even) by adding 2^23, as eight bytes.
NUKE_AVX2 static inline long long rounded_bytes(__m256 values) {
    __m256i bits = _mm256_and_si256(
        _mm256_castps_si256(_mm256_add_ps(clamped(values), _mm256_set1_ps(8388608.0f))),
        _mm256_set1_epi32(255)
    );
    __m128i words = _mm_packus_epi32(_mm256_castsi256_si128(bits), _mm256_extracti128_si256(bits, 1));
    return _mm_cvtsi128_si64(_mm_packus_epi16(words, words));
}

/// Writes output row `y` from `w->sums` as straight 8-bit RGBA (alpha 255 for an opaque source).
NUKE_AVX2 static void store_row(const nuke_rgba_resize *job, const workspace *w, ptrdiff_t y) {
    uint8_t *row = job->output + y * job->width * 4;
    ptrdiff_t floats = job->width * 4, index = 0;
    for (; index + 8 <= floats; index += 8) {
        __m256 sums = _mm256_load_ps(w->sums + index);
        long long bytes = rounded_bytes(job->premultiplied ? unpremultiplied(sums) : sums);
        memcpy(row + index, &bytes, 8);
    }
    if (index < floats) {  // The last pixel of an odd width, the other lanes zero.
        __m256 sums = _mm256_set_m128(_mm_setzero_ps(), _mm_load_ps(w->sums + index));
        long long bytes = rounded_bytes(job->premultiplied ? unpremultiplied(sums) : sums);
        memcpy(row + index, &bytes, 4);
    }
    if (!job->premultiplied) {
        for (ptrdiff_t x = 0; x < job->width; x++) row[x * 4 + 3] = 255;
    }
}

NUKE_AVX2 static void resize_rows(const nuke_rgba_resize *job, workspace *w, ptrdiff_t first_row, ptrdiff_t end_row) {
    for (ptrdiff_t y = first_row; y < end_row; y++) {
        ptrdiff_t first = job->vertical.starts[y];
        make_available(job, w, first, first + job->vertical.counts[y]);
        filter_down(job, w, y);
        store_row(job, w, y);
    }
}

#endif

int nuke_resize_rgba_rows(const nuke_rgba_resize *job, ptrdiff_t first_row, ptrdiff_t end_row) {
#ifdef NUKE_HAS_AVX2_RESIZE
    if (!nuke_resize_rgba_available()) return -1;
    workspace w;
    if (workspace_init(&w, job) != 0) {
        workspace_free(&w);
        return -1;
    }
    resize_rows(job, &w, first_row, end_row);
    workspace_free(&w);
    return 0;
#else
    (void)job;
    (void)first_row;
    (void)end_row;
    return -1;
#endif
}
