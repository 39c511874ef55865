#!/bin/sh
# Starts Chromium ($DOTINK_CHROMIUM) without the right to raise its own priority (CAP_SYS_NICE).
# Run as root, Chromium lifts its browser, GPU, IO and compositor threads to nice -8, about six
# times the CPU weight of the server under test on the same cores; a desktop user's Chromium cannot
# (the nice limit of a user is 0), and neither can this one. Used by e2e/support/chromium.ts.
exec setpriv --bounding-set=-sys_nice -- "$DOTINK_CHROMIUM" "$@"
