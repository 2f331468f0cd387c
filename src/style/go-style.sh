#!/bin/sh
# The Go style the build keeps, for the Go module in the working directory: every file as gofmt
# writes it, and nothing go vet reports. Run by each Go module's pom; by hand: sh ../src/style/go-style.sh
set -eu
unformatted=$(gofmt -l .)
if [ -n "$unformatted" ]; then
  for f in $unformatted; do
    echo "$(basename "$PWD")/$f: not as gofmt writes it (gofmt -w $f)" >&2
  done
  exit 1
fi
go vet ./...
