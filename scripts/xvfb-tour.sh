#!/usr/bin/env bash
# A screenshot tour of the built `tilelens` under a REAL X server (Xvfb + openbox), driven
# with xdotool the way a user would (keys, menus, clicks), at 1024x700 and 1600x1000 (issue
# 31's Done-when). Not part of CI: a reviewer runs it and opens every PNG.
#
#   scripts/xvfb-tour.sh BUILD_DIR OUT_DIR
#   scripts/xvfb-tour.sh build/dev /tmp/tour
#
# Needs (Debian): apt-get install xvfb openbox xdotool wmctrl x11-utils imagemagick (Xvfb, the
# window manager, xdotool for keys and clicks, wmctrl to maximise, xwininfo for where the window
# is, ImageMagick's `import` for the captures). Writes OUT_DIR/<size>/*.png:
#   a-attention-sink-cpu-run.png  the attention_sink real pair (tests/data/real-ports) after
#                                 Diff > Run Both on CPU (Ctrl+Shift+R) without a binding
#                                 file, once the run has ended;
#   b-checkout-ir-gen.png         a TileGym checkout (the fixture of tests/support/
#                                 TileGymCheckout.h, copied) after its first kernel's IR
#                                 stages were run from the Stages dock (trust prompt
#                                 accepted): ir-gen runs, ir-ref says it needs a GPU;
#   b0-trust-prompt.png           the trust prompt on the way;
#   c-stages-second-kernel.png    the Stages dock with the checkout's second kernel selected;
#   d-dark-theme.png              the attention_sink pair in the dark theme (a fresh
#                                 XDG_CONFIG_HOME with TileLens/tilelens.conf [ui] theme=dark).
# and OUT_DIR/<size>/*.log (the app's output). Each run of the app gets a fresh
# XDG_CONFIG_HOME, so no saved window state or theme leaks in.
#
# The ir-gen stage compiles with the cuTile Rust IR driver (shared/tools/cutile-rs-ir): set
# CUTILE_RS_IR_DRIVER (the built ir-driver) and CUTILE_RS_SRC (the cutile/ folder of its
# cutile-rs checkout). Without them the stage stops with its MISSING message, which the
# screenshot then shows. TOUR_CPU_RUN_MAX (default 300) bounds the wait for the CPU run, in
# seconds; the run counts as ended when the app has been idle for 8 s. TOUR_SIZES (default
# "1024x700 1600x1000") and TOUR_STEPS (default "a b d"; b takes c with it) pick a part.
set -euo pipefail

if [[ $# -ne 2 ]]; then
    echo "usage: $0 BUILD_DIR OUT_DIR" >&2
    exit 2
fi
for tool in Xvfb openbox xdotool wmctrl xwininfo import; do
    command -v "$tool" >/dev/null || {
        echo "xvfb-tour: $tool not found (apt-get install xvfb openbox xdotool wmctrl x11-utils imagemagick)" >&2
        exit 3
    }
done
repo=$(cd "$(dirname "$0")/.." && pwd)
app=$(realpath "$1")/app/gui/tilelens
[[ -x $app ]] || {
    echo "xvfb-tour: $app not built (cmake --build $1 --target tilelens)" >&2
    exit 3
}
out=$(realpath -m "$2")
mkdir -p "$out"
pair="$repo/tests/data/real-ports/attention_sink_2x128q128k_h8g8_d64_bf16"
cpuMax=${TOUR_CPU_RUN_MAX:-300}

xvfbPid=""
wmPid=""
appPid=""
cleanup() {
    local pid
    for pid in $appPid $wmPid $xvfbPid; do
        kill "$pid" 2>/dev/null || true
    done
}
trap cleanup EXIT

# A display number nobody uses.
display=57
while [[ -e /tmp/.X11-unix/X$display || -e /tmp/.X$display-lock ]]; do
    display=$((display + 1))
done
export DISPLAY=:$display

startX() { # WxH
    Xvfb "$DISPLAY" -screen 0 "$1x24" -nolisten tcp >"$out/xvfb.log" 2>&1 &
    xvfbPid=$!
    for _ in $(seq 50); do
        xdotool getdisplaygeometry >/dev/null 2>&1 && break
        sleep 0.2
    done
    openbox >"$out/openbox.log" 2>&1 &
    wmPid=$!
    sleep 1
}

stopX() {
    kill "$wmPid" "$xvfbPid" 2>/dev/null || true
    wait "$wmPid" "$xvfbPid" 2>/dev/null || true
    wmPid=""
    xvfbPid=""
}

# Starts the app with a fresh config (THEME: light or dark) and waits for its window, which
# is then maximised so that both sizes show the whole screen.
startApp() { # LOG THEME ARGS...
    local log=$1 theme=$2
    shift 2
    local config
    config=$(mktemp -d "$out/config.XXXX")
    if [[ $theme == dark ]]; then
        mkdir -p "$config/TileLens"
        printf '[ui]\ntheme=dark\n' >"$config/TileLens/tilelens.conf"
    fi
    XDG_CONFIG_HOME=$config "$app" "$@" >"$log" 2>&1 &
    appPid=$!
    window=$(xdotool search --sync --onlyvisible --pid "$appPid" --class tilelens | head -1)
    xdotool windowactivate --sync "$window"
    wmctrl -i -r "$window" -b add,maximized_vert,maximized_horz
    sleep 3 # maximised; the workspace or pair loads and is diffed
}

stopApp() {
    kill "$appPid" 2>/dev/null || true
    wait "$appPid" 2>/dev/null || true
    appPid=""
}

# CPU ticks (user + system) used so far by the app and the processes it started (a stage's
# commands), including its children that have exited.
ticks() {
    local total=0 pid queue=("$appPid")
    while ((${#queue[@]})); do
        pid=${queue[0]}
        queue=("${queue[@]:1}")
        if [[ -r /proc/$pid/stat ]]; then
            # The fields after the command name, which may hold spaces: utime is the 12th.
            total=$((total + $(sed 's/^.*) //' "/proc/$pid/stat" | awk '{print $12 + $13 + $14 + $15}')))
        fi
        # shellcheck disable=SC2207 # pids have no spaces
        queue+=($(pgrep -P "$pid" || true))
    done
    echo "$total"
}

# Waits until the app and its children have used at most one tick (10 ms) a second for IDLE
# seconds in a row (a CPU run, a stage, a diff has ended), at most MAX seconds. A working
# process gets far more even on a loaded machine (a tenth of a core is 10 ticks a second).
waitIdle() { # IDLE MAX
    local idle=0 waited=0 before after
    before=$(ticks)
    while ((idle < $1 && waited < $2)); do
        sleep 1
        waited=$((waited + 1))
        after=$(ticks)
        if ((after - before <= 1)); then idle=$((idle + 1)); else idle=0; fi
        before=$after
    done
    echo "  idle after ${waited}s"
}

shot() { # NAME
    import -window root "$dir/$1.png"
    echo "  $dir/$1.png"
}

# Clicks at X,Y of the app window's client area; a negative Y counts from its bottom. Where
# the client area is comes from xwininfo (xdotool's window geometry is off by the frame
# under a reparenting window manager).
clickAt() { # X Y
    local left top height y=$2
    read -r left top height < <(xwininfo -id "$window" | awk '/Absolute upper-left X/ {x = $NF}
        /Absolute upper-left Y/ {y = $NF} /^ *Height:/ {h = $NF} END {print x, y, h}')
    ((y < 0)) && y=$((height + y))
    xdotool mousemove "$((left + $1))" "$((top + y))" click 1
    sleep 1
}

# Waits up to SECONDS for a visible window titled NAME; false if none came.
waitForWindow() { # NAME SECONDS
    for _ in $(seq "$2"); do
        xdotool search --onlyvisible --name "$1" >/dev/null 2>&1 && return 0
        sleep 1
    done
    return 1
}

# The positions the tour clicks, in the default dock layout: the Kernels dock's rows from the
# top left, the bottom dock area's tabs (Divergences, Launch ABI, Stages, Performance) from
# the bottom left, above the status bar.
kernelRowX=60
firstKernelY=85
secondKernelY=99
stagesTabX=223
stagesTabY=-42

steps=" ${TOUR_STEPS:-a b d} "
for size in ${TOUR_SIZES:-1024x700 1600x1000}; do
    dir="$out/$size"
    mkdir -p "$dir"
    echo "== $size"
    startX "$size"

    if [[ $steps == *" a "* ]]; then
    echo "(a) attention_sink, Diff > Run Both on CPU without a binding file"
    startApp "$dir/a.log" light "$pair/reference.mlir" "$pair/generated.mlir"
    waitIdle 3 60
    xdotool key --window "$window" ctrl+shift+r
    sleep 2
    waitIdle 8 "$cpuMax"
    shot a-attention-sink-cpu-run
    stopApp
    fi

    if [[ $steps == *" b "* ]]; then
    echo "(b) a TileGym checkout: its first kernel's IR stages from the Stages dock"
    checkout="$dir/checkout"
    rm -rf "$checkout"
    cp -r "$repo/tests/data/abi/tilegym" "$checkout"
    startApp "$dir/b.log" light "$checkout"
    clickAt "$kernelRowX" "$firstKernelY" # selects the kernel: the inspector and its stages
    sleep 2
    clickAt "$stagesTabX" "$stagesTabY"
    # From the kernel list four Tabs reach the stage table (its rows: ir-ref, then ir-gen); in
    # the table a Tab moves between cells, so one more is harmless.
    clickAt "$kernelRowX" "$firstKernelY"
    xdotool key --delay 150 Tab Tab Tab Tab Tab Down
    sleep 1
    xdotool key alt+r # Rerun
    if waitForWindow 'Trust this workspace' 20; then
        sleep 1
        shot b0-trust-prompt
        xdotool key Return # "Trust and run"
    fi
    sleep 2
    waitIdle 5 600
    shot b-checkout-ir-gen

    echo "(c) the Stages dock with the checkout's second kernel selected"
    clickAt "$kernelRowX" "$secondKernelY"
    sleep 2
    shot c-stages-second-kernel
    stopApp
    fi

    if [[ $steps == *" d "* ]]; then
    echo "(d) the dark theme"
    startApp "$dir/d.log" dark "$pair/reference.mlir" "$pair/generated.mlir"
    waitIdle 3 60
    xdotool key --window "$window" F8
    sleep 1
    shot d-dark-theme
    stopApp
    fi

    stopX
done
rm -rf "$out"/config.*
echo "screenshots in $out"
