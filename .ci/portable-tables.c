// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT
// Compares NukeLCMS's summed-tables loop with the plain C loop for every one of the 2^24 colours,
// under six matrices (the identity, then rows whose absolute sums grow to the 7.9 the format
// allows, so sums reach below 0 and past 1.0), and the planar entry (nuke_matrix_shaper_planes,
// which interleaves for these loops) with plain C too. Built by .ci/portable-tables against a copy
// of nuke_matrix_shaper.c with its x86-64 branches off: the portable form arm64 and other targets
// compile, which an x86-64 build of the package never does.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "CNukeLCMS.h"
#include "matrix-shaper-trial.h"

int main(void) {
    static nuke_matrix_shaper transform;
    static uint8_t source[256 * 4], plain[256 * 4], tables[256 * 4], planes[3][256];
    srand(7);
    for (int trial = 0; trial < 6; trial++) {
        // Rows whose absolute sums grow to the 7.9 the format allows.
        nuke_trial_transform(&transform, trial, 7.9 * trial / 5.0 / 3.0);
        for (int level = 0; level <= NUKE_LINEAR_MAX; level++) {
            transform.to_srgb[level] = (uint8_t)(255.0 * level / NUKE_LINEAR_MAX + 0.5);
        }
        nuke_matrix_shaper_prepare(&transform);
        for (int redGreen = 0; redGreen < 65536; redGreen++) {
            for (int blue = 0; blue < 256; blue++) {
                const uint8_t pixel[4] = {(uint8_t)(redGreen >> 8), (uint8_t)redGreen, (uint8_t)blue, (uint8_t)(blue ^ 0x5a)};
                memcpy(source + 4 * blue, pixel, 4);
                for (int channel = 0; channel < 3; channel++) planes[channel][blue] = pixel[channel];
            }
            nuke_matrix_shaper_rgba(&transform, source, sizeof source, plain, sizeof plain, 256, 1, NUKE_KERNEL_SCALAR);
            nuke_matrix_shaper_rgba(&transform, source, sizeof source, tables, sizeof tables, 256, 1, NUKE_KERNEL_TABLES);
            if (memcmp(plain, tables, sizeof plain) != 0) {
                fprintf(stderr, "matrix %d: the summed tables differ from plain C (red %d, green %d)\n", trial,
                        redGreen >> 8, redGreen & 255);
                return 1;
            }
            // The same colours as planes: plain C's bytes, opaque.
            nuke_matrix_shaper_planes(&transform, planes[0], planes[1], planes[2], tables, 256);
            for (int pixel = 0; pixel < 256; pixel++) {
                if (memcmp(tables + 4 * pixel, plain + 4 * pixel, 3) != 0 || tables[4 * pixel + 3] != 255) {
                    fprintf(stderr, "matrix %d: the planar entry differs from plain C (red %d, green %d)\n", trial,
                            redGreen >> 8, redGreen & 255);
                    return 1;
                }
            }
        }
    }
    printf("The portable summed-tables loop and planar entry give plain C's bytes for all 2^24 colours under 6 "
           "matrices.\n");
    return 0;
}
