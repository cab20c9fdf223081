#!/bin/sh
# The tool chains test/codegen checks and runs the generated code with, from Debian (bookworm):
# curl; python3 with requests; PHP with Guzzle; a JDK (javac, java); mono's C# compiler, which only
# checks the syntax of the C# (dotnet, which could run it, is not in Debian). Node and TypeScript
# come with the project. Run as root; CI runs it before `node test/runTests.mjs test/codegen`.
set -eu
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends \
  curl \
  python3 python3-requests \
  php-cli php-guzzlehttp-guzzle \
  openjdk-17-jdk-headless \
  mono-mcs
