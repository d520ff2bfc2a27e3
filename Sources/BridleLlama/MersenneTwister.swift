/// The 32-bit Mersenne Twister (`std::mt19937`) and the uniform `double` in [0, 1) libstdc++'s
/// `std::uniform_real_distribution<double>` draws from it: the random numbers of llama.cpp's
/// seeded draw, so that ``SeededDraw`` picks the tokens llama.cpp's `dist` sampler picks.
///
/// ```swift
/// var twister = MersenneTwister(seed: 5489)
/// twister.next()   // 3499211612, the standard's first output for its default seed
/// ```
struct MersenneTwister {
    private var state: [UInt32]
    private var index: Int

    init(seed: UInt32) {
        state = Array(repeating: 0, count: 624)
        state[0] = seed
        for i in 1..<624 {
            let previous = state[i - 1]
            state[i] = 1_812_433_253 &* (previous ^ (previous >> 30)) &+ UInt32(i)
        }
        index = 624
    }

    mutating func next() -> UInt32 {
        if index >= 624 { twist() }
        var y = state[index]
        index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C_5680
        y ^= (y << 15) & 0xEFC6_0000
        y ^= y >> 18
        return y
    }

    /// libstdc++'s `generate_canonical<double, 53>`: two outputs, the first the low 32 bits,
    /// summed in `double` (rounded as it rounds) and scaled by 2⁻⁶⁴; never 1.
    mutating func nextUnitInterval() -> Double {
        var sum = Double(next())
        sum += Double(next()) * 4_294_967_296
        let value = sum / 18_446_744_073_709_551_616
        return value >= 1 ? Double(1).nextDown : value
    }

    private mutating func twist() {
        for i in 0..<624 {
            let y = (state[i] & 0x8000_0000) | (state[(i + 1) % 624] & 0x7FFF_FFFF)
            state[i] = state[(i + 397) % 624] ^ (y >> 1) ^ ((y & 1) == 0 ? 0 : 0x9908_B0DF)
        }
        index = 0
    }
}
