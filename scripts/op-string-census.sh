#!/bin/sh
# Op names compared as strings, per folder: comparisons with any string literal (`== "`,
# `!= "`), op-name comparisons (`== "m"`, `!= "m"`, `"m" ==`, `.is("m")` with m a mnemonic of
# core/ir/OpList.def, with or without `cuda_tile.`), and op-name literals (which also count
# words that share a spelling with an op, such as the unit flag `global`).
#   scripts/op-string-census.sh DIR...        (from the repository root)
ops=$(sed -nE 's/^TILE_OP\([A-Za-z0-9]+, "([^"]+)",.*/\1/p' core/ir/OpList.def | sed 's/\$/\\$/' |
    paste -sd'|')
for d in "$@"; do
    any=$(grep -rhoE '[=!]= *"' "$d" --include=*.cpp --include=*.h | wc -l)
    cmp=$(grep -rhoE "([=!]= *\"(cuda_tile\\.)?($ops)\"|\"(cuda_tile\\.)?($ops)\" *[=!]=|\\.is\\(\"(cuda_tile\\.)?($ops)\"\\))" \
        "$d" --include=*.cpp --include=*.h | wc -l)
    lit=$(grep -rhoE "\"(cuda_tile\\.)?($ops)\"" "$d" --include=*.cpp --include=*.h | wc -l)
    echo "$d: string comparisons $any, op-name comparisons $cmp, op-name literals $lit"
done
