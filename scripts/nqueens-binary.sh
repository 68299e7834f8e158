# Sourced by the scripts that run the nqueens example: unless NQUEENS
# names a binary already, builds the release example and sets NQUEENS to
# it. Run from the repository's root.
if [[ -z "${NQUEENS:-}" ]]; then
    cargo build --release --quiet --example nqueens
    target_dir=$(cargo metadata --format-version 1 --no-deps |
        sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
    NQUEENS="$target_dir/release/examples/nqueens"
fi
