import BridleFuzzing

/// libFuzzer's entry point: built with `swift build --sanitize=fuzzer`, libFuzzer supplies
/// `main` and calls this once per input (`bash scripts/fuzz.sh 60 FuzzTemplate`). A plain build
/// links Swift's own empty `main`, so the product builds everywhere and does nothing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    FuzzTargets.template(Array(UnsafeBufferPointer(start: start, count: count)))
    return 0
}
