#!/usr/bin/env bash
# Usage: scripts/compare-with-mlir-opt.sh FILE [extra flags]
# Shows how lifeline-opt's output differs from mlir-opt-19's on FILE, in custom and
# generic form, and checks the round trip (mlir-opt-19 reading what we print).
set -u
f=$1; shift
here=$(cd "$(dirname "$0")/.." && pwd)
lo="node $here/apps/lifeline-opt/bin/lifeline-opt.js"
tmp=$(mktemp -d)
status=0
for mode in "" "--mlir-print-op-generic"; do
  mlir-opt-19 --allow-unregistered-dialect $mode "$@" "$f" > "$tmp/ref" 2>"$tmp/ref.err" || { echo "mlir-opt-19 rejects $f"; cat "$tmp/ref.err"; exit 2; }
  $lo --allow-unregistered-dialect $mode "$@" "$f" > "$tmp/ours" 2>"$tmp/ours.err" || { echo "lifeline-opt fails on $f $mode"; cat "$tmp/ours.err"; status=1; continue; }
  mlir-opt-19 --allow-unregistered-dialect $mode "$@" "$tmp/ours" > "$tmp/rt" 2>"$tmp/rt.err" || { echo "mlir-opt-19 rejects our output ($mode)"; cat "$tmp/rt.err"; status=1; continue; }
  diff -u "$tmp/ref" "$tmp/rt" > "$tmp/d1" || { echo "ROUND-TRIP MISMATCH $mode"; cat "$tmp/d1"; status=1; }
  diff -u "$tmp/ref" "$tmp/ours" > "$tmp/d2" || { echo "text differs from mlir-opt-19 $mode (round trip is the bar; identical text is the goal)"; cat "$tmp/d2"; }
done
rm -rf "$tmp"
exit $status
