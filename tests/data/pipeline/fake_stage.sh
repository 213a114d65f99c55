#!/bin/sh
# Fake stage command for the pipeline tests (tests/core/pipeline, tests/cli).
# Usage: fake_stage.sh MODE [ARGS...]
#   sleep-tree PIDFILE   start a grandchild (sleep), write "LEADER GRANDCHILD" pids, wait forever
#   ignore-term PIDFILE  like sleep-tree but the leader ignores SIGTERM (needs SIGKILL)
#   escape-tree PIDFILE  like sleep-tree but the grandchild leaves the group with setsid
#   crash                print a line, then die by SIGSEGV
#   flood BYTES          print exactly BYTES bytes of 64-byte lines
#   pytest-like          print pytest -v style progress and a VERDICT line
#   exit CODE            print a line and exit with CODE
#   env NAME             print NAME=value of one environment variable
#   touch FILE           create or update FILE (relative to the working directory)
#   slow-lines N         print N lines, one every 0.2 s
mode="$1"
shift
case "$mode" in
sleep-tree)
    sleep 300 &
    echo "$$ $!" > "$1"
    echo "started tree leader=$$ child=$!"
    wait
    ;;
escape-tree)
    setsid sleep 300 &
    echo "$$ $!" > "$1"
    echo "started escaping tree leader=$$ child=$!"
    wait
    ;;
ignore-term)
    trap 'echo "ignoring SIGTERM"' TERM
    sleep 300 &
    echo "$$ $!" > "$1"
    echo "started stubborn leader=$$"
    while :; do sleep 1; done
    ;;
crash)
    echo "about to crash"
    kill -SEGV $$
    sleep 5
    ;;
flood)
    yes 'TileLens flood line: 0123456789abcdefghijklmnopqrstuvwxyzABCD' | head -c "$1"
    ;;
pytest-like)
    echo "============================= test session starts =============================="
    echo "collected 6 items / 2 deselected / 4 selected"
    i=1
    for t in a b c d; do
        echo "tests/ops/test_fake.py::Test_Fake::test_op[cutile_rs-$t] PASSED [ $((i * 25))%]"
        i=$((i + 1))
    done
    echo "VERDICT: ALL_PASS"
    ;;
exit)
    echo "exiting with $1"
    exit "$1"
    ;;
env)
    eval "echo \"$1=\${$1}\""
    ;;
touch)
    mkdir -p "$(dirname "$1")"
    echo "written by fake_stage" >> "$1"
    echo "touched $1"
    ;;
slow-lines)
    n=0
    while [ "$n" -lt "$1" ]; do
        echo "line $n"
        n=$((n + 1))
        sleep 0.2
    done
    ;;
*)
    echo "fake_stage.sh: unknown mode '$mode'" >&2
    exit 64
    ;;
esac
