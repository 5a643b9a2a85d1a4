# Sourced by the whole-program benchmark scripts: a table of timings, one file of numbers (ms) per demo and
# configuration, each summarized by its median and range and compared with two other configurations.

# The median of the numbers in file $1.
median() { sort -n "$1" | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

# One row: demo $1, configuration $2, its numbers in file $3, its median's ratio to the median $4 and, when
# $5 is given, to the median $5 as well.
timing_row() {
    sort -n "$3" | awk -v demo="$1" -v config="$2" -v base="$4" -v second="${5:-}" '
        { a[NR] = $1 }
        END {
            m = a[int((NR + 1) / 2)]
            printf "%-18s %-7s %10.1f %9.1f - %8.1f %8.3fx", demo, config, m, a[1], a[NR], m / base
            if (second != "") printf " %9.3fx", m / second
            printf "\n"
        }'
}
