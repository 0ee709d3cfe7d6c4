#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
# SPDX-License-Identifier: MIT
# Builds the libFuzzer targets (coverage + AddressSanitizer, Swift and the C shims alike) and
# runs each: first over its regression inputs (every crash found so far), then from its seeds.
# Exits non-zero on a crash, leak, time-out or out-of-memory; the input is left in Fuzz/Findings.
#
# Usage: bash Fuzz/run.sh [ci | SECONDS] [TARGET...]
#   ci       what CI runs: a fixed number of inputs per target (ci_runs below) from seed 1 and a
#            fresh corpus, with Swift's hashing made deterministic and address randomisation off,
#            so every machine tries the same inputs: a run that passes here passes in CI.
#   SECONDS  (default 30) explore for that long from FUZZ_SEED (default 1), growing the corpus in
#            FUZZ_CORPUS_DIR (default .build/corpus); different machines try different inputs.
set -euo pipefail
cd "$(dirname "$0")"
mode="${1:-30}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then targets=(jpeg png gif webp avif heif jxl tiff bmp svg jpeg2000 icc processor-spec http-headers redis-reply proxy-url); fi

# SwiftPM hands swiftc `-sanitize=fuzzer -sanitize=address`, and swiftc 6.3 keeps only the last
# of those: the Swift code would have no coverage to guide the fuzzer. The combined flag comes last.
swift build -c release --sanitize=fuzzer --sanitize=address -Xswiftc -enable-testing -Xswiftc -warnings-as-errors \
    -Xswiftc -sanitize=fuzzer,address 2>&1 \
    | grep -v "ld.gold: warning: Cannot export local symbol" || true
test "${PIPESTATUS[0]}" -eq 0
binaries="$(swift build -c release --sanitize=fuzzer --sanitize=address -Xswiftc -enable-testing --show-bin-path)"

seeds_for() {
    case "$1" in
        jpeg) echo ../Tests/NukeJPEGTests/Fixtures ;;
        png) echo ../Tests/NukePNGTests/Fixtures ;;
        gif) echo ../Tests/NukeGIFTests/Fixtures ;;
        webp) echo ../Tests/NukeWebPTests/Fixtures ;;
        avif) echo ../Tests/NukeAVIFTests/Fixtures ;;
        heif) echo ../Tests/NukeHEIFTests/Fixtures ;;
        icc) echo ../Tests/NukeLCMSTests/Fixtures ;;
        jxl) echo ../Tests/NukeJXLTests/Fixtures ;;
        tiff) echo ../Tests/NukeTIFFTests/Fixtures ;;
        bmp) echo ../Tests/NukeBMPTests/Fixtures ;;
        svg) echo ../Tests/NukeSVGTests/Fixtures ;;
        jpeg2000) echo ../Tests/NukeJPEG2000Tests/Fixtures ;;
        *) echo "Seeds/$1" ;;
    esac
}

# Inputs per target in CI: about 20 s each on a 2-core VM (2026-11-27).
ci_runs() {
    case "$1" in
        jpeg) echo 3000 ;;
        png) echo 120000 ;;
        gif) echo 80000 ;;
        webp) echo 100000 ;;
        avif) echo 40000 ;;
        heif) echo 6000 ;;
        jxl) echo 6000 ;;
        tiff) echo 40000 ;;
        bmp) echo 40000 ;;
        svg) echo 200000 ;;
        jpeg2000) echo 40000 ;;
        icc) echo 5000 ;;
        processor-spec) echo 300000 ;;
        http-headers) echo 120000 ;;
        redis-reply) echo 400000 ;;
        proxy-url) echo 100000 ;;
        *) echo 10000 ;;
    esac
}

mkdir -p Findings
for target in "${targets[@]}"; do
    binary="$binaries/fuzz-$target"
    options=(-rss_limit_mb=2048 -timeout=10 -artifact_prefix="Findings/$target-" -print_final_stats=1)
    echo "== fuzz-$target: regressions"
    regressions=(Regressions/"$target"/*)
    if [ -e "${regressions[0]}" ]; then
        "$binary" "${options[@]}" "${regressions[@]}" 2>&1 | tail -n 1
        test "${PIPESTATUS[0]}" -eq 0
    fi
    if [ "$mode" = ci ]; then
        echo "== fuzz-$target: $(ci_runs "$target") inputs from $(seeds_for "$target"), seed 1"
        corpus="$(mktemp -d)"
        run=(env SWIFT_DETERMINISTIC_HASHING=1)
        # No address randomisation where the kernel allows it (pointer comparisons feed the
        # fuzzer's dictionary); without it the run is still valid, only less repeatable.
        if setarch "$(uname -m)" -R true 2>/dev/null; then run+=(setarch "$(uname -m)" -R); fi
        run+=("$binary" "${options[@]}" -seed=1 -runs="$(ci_runs "$target")")
    else
        echo "== fuzz-$target: ${mode} s from $(seeds_for "$target")"
        corpus="${FUZZ_CORPUS_DIR:-.build/corpus}/$target"
        mkdir -p "$corpus"
        run=("$binary" "${options[@]}" -seed="${FUZZ_SEED:-1}" -max_total_time="$mode")
    fi
    # The fuzzer's status, not grep's (which finds nothing to print on some runs): read
    # PIPESTATUS straight after the pipeline, with errexit off for it.
    set +e
    "${run[@]}" "$corpus" "$(seeds_for "$target")" 2>&1 \
        | grep -E "^(Done|#[0-9]+[[:space:]]+DONE|stat::number_of_executed_units|stat::peak_rss_mb|==[0-9]+==|SUMMARY|artifact_prefix)"
    status="${PIPESTATUS[0]}"
    set -e
    if [ "$mode" = ci ]; then rm -rf "$corpus"; fi
    test "$status" -eq 0
done
echo "No crash, leak, time-out or out-of-memory."
