// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT
// Compares NukeLCMS's AVX-512 loop with the plain C loop for every one of the 2^24 colours, under
// six matrices (the identity, then random coefficients with each row's positive and negative ones
// brought to the loop's bound, sums of just under 2, so that sums reach below 0 and past 1.0 and
// the 16-bit lanes wrap on the way), with sRGB's own curve as the output table. Built by
// .ci/avx512-loop against the real sources; a processor without AVX-512 VBMI skips it (the loop
// never runs there).
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "CNukeLCMS.h"
#include "matrix-shaper-trial.h"
#include "matrix_shaper_loops.h"

/// Gives `transform` sRGB's own curve as its output table.
static void use_srgb_curve(nuke_matrix_shaper *transform) {
    for (int level = 0; level <= NUKE_LINEAR_MAX; level++) {
        const double linear = (double)level / NUKE_LINEAR_MAX;
        const double encoded = linear <= 0.0031308 ? 12.92 * linear : 1.055 * pow(linear, 1 / 2.4) - 0.055;
        transform->to_srgb[level] = (uint8_t)lround(255 * encoded);
    }
}

/// Scales each row's positive coefficients, and its negative ones, to sum to INT16_MAX (in
/// magnitude) where they sum to more: the most the AVX-512 loop takes.
static void bring_rows_to_bound(nuke_matrix_shaper *transform) {
    for (int row = 0; row < 3; row++) {
        int32_t *coefficients = transform->matrix + 3 * row;
        for (int sign = -1; sign <= 1; sign += 2) {
            int64_t sum = 0;
            for (int column = 0; column < 3; column++) {
                if (coefficients[column] * sign > 0) sum += coefficients[column] * sign;
            }
            if (sum <= INT16_MAX) continue;
            for (int column = 0; column < 3; column++) {
                if (coefficients[column] * sign > 0) {
                    coefficients[column] = (int32_t)(coefficients[column] * INT16_MAX / sum);
                }
            }
        }
    }
}

int main(void) {
    static nuke_matrix_shaper transform;
    enum { width = 1 << 16 };
    static uint8_t source[width * 4], plain[width * 4], wide[width * 4];
    if (!nuke_matrix_shaper_has_avx512()) {
        printf("Skipped: this processor has no AVX-512 VBMI, so the AVX-512 loop never runs on it.\n");
        return 0;
    }
    srand(11);
    for (int trial = 0; trial < 6; trial++) {
        nuke_trial_transform(&transform, trial, 1.999);
        bring_rows_to_bound(&transform);
        use_srgb_curve(&transform);
        nuke_matrix_shaper_prepare(&transform);
        if (!transform.fits_avx512) {
            fprintf(stderr, "matrix %d: the AVX-512 loop refused a transform it should run\n", trial);
            return 1;
        }
        for (int blue = 0; blue < 256; blue++) {
            for (int redGreen = 0; redGreen < width; redGreen++) {
                const uint8_t pixel[4] = {(uint8_t)redGreen, (uint8_t)(redGreen >> 8), (uint8_t)blue,
                                          (uint8_t)(redGreen ^ blue)};
                memcpy(source + 4 * redGreen, pixel, 4);
            }
            nuke_matrix_shaper_rgba(&transform, source, sizeof source, plain, sizeof plain, width, 1,
                                    NUKE_KERNEL_SCALAR);
            // Odd widths too: 65,536 pixels as rows of 4,093 (the last pixels of each row go
            // through the loop's partial block), then the 52 left.
            enum { row = 4093, rows = width / row, rest = 4 * row * rows };
            nuke_matrix_shaper_rgba(&transform, source, 4 * row, wide, 4 * row, row, rows, NUKE_KERNEL_AVX512);
            nuke_matrix_shaper_rgba(&transform, source + rest, 0, wide + rest, 0, width % row, 1, NUKE_KERNEL_AVX512);
            if (memcmp(plain, wide, sizeof plain) != 0) {
                fprintf(stderr, "matrix %d: the AVX-512 loop differs from plain C (blue %d)\n", trial, blue);
                return 1;
            }
        }
    }
    // Output tables the segments cannot read exactly are refused: a step of two, three steps in one
    // fine segment (levels 8 to 15), and two in a coarse segment from 128 on.
    for (int broken = 0; broken < 3; broken++) {
        for (int level = 0; level <= NUKE_LINEAR_MAX; level++) {
            transform.to_srgb[level] = (uint8_t)(level * 254 / NUKE_LINEAR_MAX);
        }
        if (broken == 0) transform.to_srgb[5000] += 1;
        if (broken == 1) {
            for (int level = 8; level < 16; level++) transform.to_srgb[level] = (uint8_t)((level - 8) / 2);
        }
        if (broken == 2) {
            // One more from level 12,816 on: coarse segment 200 (levels 12,800 to 12,863) steps there
            // and where the line crosses 199, twice where the loop reads one step.
            for (int level = 12816; level <= NUKE_LINEAR_MAX; level++) transform.to_srgb[level] += 1;
        }
        nuke_matrix_shaper_prepare(&transform);
        if (transform.fits_avx512) {
            fprintf(stderr, "output table %d: the AVX-512 loop took a table it cannot read exactly\n", broken);
            return 1;
        }
    }
    // A row whose positive coefficients sum past the bound (its sums could leave 16 bits) is
    // refused, and so is one whose negative ones do.
    for (int sign = -1; sign <= 1; sign += 2) {
        nuke_trial_transform(&transform, 0, 1);
        use_srgb_curve(&transform);
        transform.matrix[1] = sign * (INT16_MAX + 1 - (sign > 0 ? transform.matrix[0] : 0));
        nuke_matrix_shaper_prepare(&transform);
        if (transform.fits_avx512) {
            fprintf(stderr, "a row summing past the bound (sign %d) was taken by the AVX-512 loop\n", sign);
            return 1;
        }
    }
    printf("The AVX-512 loop gives plain C's bytes for all 2^24 colours under 6 matrices.\n");
    return 0;
}
