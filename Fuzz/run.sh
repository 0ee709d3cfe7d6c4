#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
# SPDX-License-Identifier: MIT
# Builds the libFuzzer targets (coverage + AddressSanitizer, Swift and the C shims alike) and
# runs each: first over its regression inputs (every crash found so far), then for SECONDS
# (default 30) from its seeds. Exits non-zero on a crash, leak, time-out or out-of-memory; the
# input is left in Fuzz/Findings. Usage: bash Fuzz/run.sh [SECONDS] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-30}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then targets=(jpeg png gif webp avif heif jxl icc processor-spec http-headers redis-reply); fi

swift build -c release --sanitize=fuzzer --sanitize=address -Xswiftc -enable-testing -Xswiftc -warnings-as-errors 2>&1 \
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
        *) echo "Seeds/$1" ;;
    esac
}

mkdir -p Findings
for target in "${targets[@]}"; do
    binary="$binaries/fuzz-$target"
    options=(-seed="${FUZZ_SEED:-1}" -rss_limit_mb=2048 -timeout=10 -artifact_prefix="Findings/$target-" -print_final_stats=1)
    echo "== fuzz-$target: regressions"
    regressions=(Regressions/"$target"/*)
    if [ -e "${regressions[0]}" ]; then
        "$binary" "${options[@]}" "${regressions[@]}" 2>&1 | tail -n 1
        test "${PIPESTATUS[0]}" -eq 0
    fi
    echo "== fuzz-$target: ${seconds} s from $(seeds_for "$target")"
    corpus="${FUZZ_CORPUS_DIR:-.build/corpus}/$target"
    mkdir -p "$corpus"
    # The fuzzer's status, not grep's (which finds nothing to print on some runs): read
    # PIPESTATUS straight after the pipeline, with errexit off for it.
    set +e
    "$binary" "${options[@]}" -max_total_time="$seconds" "$corpus" "$(seeds_for "$target")" 2>&1 \
        | grep -E "^(Done|stat::number_of_executed_units|stat::peak_rss_mb|==[0-9]+==|SUMMARY|artifact_prefix)"
    status="${PIPESTATUS[0]}"
    set -e
    test "$status" -eq 0
done
echo "No crash, leak, time-out or out-of-memory."
