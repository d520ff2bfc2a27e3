/// An open-addressing map from 64-bit keys to 32-bit values that empties in O(1): a slot
/// counts only if its stamp is the current one. The recogniser needs a fresh table for
/// every Earley set, so this avoids clearing (or allocating) one per input scalar.
///
/// Like ``ScratchArray`` (which holds its slots) it must not be copied and then used
/// through both copies.
///
/// ```swift
/// var table = StampedTable()
/// table.insert(42, value: 7)   // nil: inserted
/// table.insert(42, value: 9)   // 7: already there
/// table.reset()                // empty again
/// ```
struct StampedTable {
    private var keys: ScratchArray<UInt64>
    private var values: ScratchArray<UInt32>
    private var stamps: ScratchArray<UInt32>
    private var stamp: UInt32 = 1
    private var count = 0
    private var shift: UInt64
    private var mask: Int

    init(capacityLog2: Int = 6) {
        keys = ScratchArray(repeating: 0, count: 1 << capacityLog2)
        values = ScratchArray(repeating: 0, count: 1 << capacityLog2)
        stamps = ScratchArray(repeating: 0, count: 1 << capacityLog2)
        shift = UInt64(64 - capacityLog2)
        mask = (1 << capacityLog2) - 1
    }

    mutating func reset() {
        count = 0
        stamp &+= 1
        if stamp == 0 {
            for index in 0...mask { stamps[index] = 0 }
            stamp = 1
        }
    }

    /// The value already stored for `key`, or `nil` after storing `value` for it.
    @inline(__always)
    mutating func insert(_ key: UInt64, value: UInt32) -> UInt32? {
        if (count + 1) * 2 > mask + 1 { grow() }
        var index = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
        while stamps[index] == stamp {
            if keys[index] == key { return values[index] }
            index = (index + 1) & mask
        }
        stamps[index] = stamp
        keys[index] = key
        values[index] = value
        count += 1
        return nil
    }

    private mutating func grow() {
        let oldKeys = keys
        let oldValues = values
        let oldStamps = stamps
        let current = stamp
        let capacityLog2 = 64 - Int(shift) + 1
        self = StampedTable(capacityLog2: capacityLog2)
        for index in 0..<oldKeys.count where oldStamps[index] == current {
            _ = insert(oldKeys[index], value: oldValues[index])
        }
    }
}
