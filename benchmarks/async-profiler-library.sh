# Sourced by the benchmark scripts that run async-profiler alone beside the agent: copies the
# libasyncProfiler.so of this machine's platform, from the async-profiler jar the build resolved (the
# version the pom names), to "$1/libasyncProfiler.so". Run from the project's root.
async_profiler_library() {
    local platform version
    case "$(uname -m)" in
        x86_64) platform=linux-x64 ;;
        aarch64) platform=linux-arm64 ;;
        *) echo "async-profiler has no library for $(uname -m) here" >&2; return 1 ;;
    esac
    version=$(sed -n 's|.*<async-profiler.version>\(.*\)</async-profiler.version>.*|\1|p' pom.xml)
    unzip -p "$HOME/.m2/repository/tools/profiler/async-profiler/$version/async-profiler-$version.jar" \
        "$platform/libasyncProfiler.so" >"$1/libasyncProfiler.so"
}
