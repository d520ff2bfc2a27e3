# Sourced by the scripts that run several steps: `step "what"` prints a heading, and each step's
# time is printed when the next one starts and when the script ends.
step_name=""
step_started=$SECONDS
script_started=$SECONDS

step_done() {
    [ -n "$step_name" ] && printf '    took %ds: %s\n' $((SECONDS - step_started)) "$step_name"
    step_name=""
}

step() {
    step_done
    step_name="$*"
    step_started=$SECONDS
    printf '\n==> %s\n' "$*"
}

steps_finished() {
    local status=$?
    step_done
    printf '\n==> %s after %ds\n' "$([ $status -eq 0 ] && echo "finished" || echo "FAILED (status $status)")" $((SECONDS - script_started))
}
trap steps_finished EXIT
