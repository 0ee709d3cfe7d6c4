// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT
// What the pixel-loop checks (portable-tables.c, avx512-loop.c) share: a transform for one trial.
#ifndef NUKE_MATRIX_SHAPER_TRIAL_H
#define NUKE_MATRIX_SHAPER_TRIAL_H

#include <stdlib.h>
#include <string.h>

#include "CNukeLCMS.h"

/// Clears `transform` and gives it a curve close to gamma 2 with a little noise on each channel,
/// and, for trial 0, the identity matrix, else coefficients drawn from −`bound`…`bound`.
static void nuke_trial_transform(nuke_matrix_shaper *transform, int trial, double bound) {
    memset(transform, 0, sizeof *transform);
    for (int channel = 0; channel < 3; channel++) {
        for (int value = 0; value < 256; value++) {
            const int level = (int)((double)value * value / 65025.0 * NUKE_LINEAR_MAX) + rand() % 3;
            transform->to_linear[channel][value] = level > NUKE_LINEAR_MAX ? NUKE_LINEAR_MAX : level;
        }
    }
    for (int index = 0; index < 9; index++) {
        const int row = index / 3, column = index % 3;
        const double weight = trial == 0 ? (row == column) : (2.0 * rand() / RAND_MAX - 1.0) * bound;
        transform->matrix[index] = (int32_t)(weight * (1 << NUKE_LINEAR_BITS));
    }
}

#endif
