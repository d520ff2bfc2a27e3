import BridleBackend
@testable import BridleLlama
import BridleMask
import BridleTestSupport
import CLlama
import Testing

/// Bridle's plain draw against llama.cpp's own chain (`temp`, then `dist`) as the reference: the
/// same token at every draw of a run, over random rows (some candidates at −∞, some logits
/// equal), temperatures and seeds.
struct SeededDrawTests {
    /// llama.cpp's chain for `temperature` and `seed`, as SamplerChain built it before.
    final class Reference {
        let chain: UnsafeMutablePointer<llama_sampler>

        init(temperature: Double, seed: UInt64) throws {
            chain = try #require(llama_sampler_chain_init(llama_sampler_chain_default_params()))
            if temperature != 1 { llama_sampler_chain_add(chain, llama_sampler_init_temp(Float(temperature))) }
            llama_sampler_chain_add(chain, llama_sampler_init_dist(SamplerChain.llamaSeed(seed)))
        }

        deinit {
            llama_sampler_free(chain)
        }

        func draw(_ row: [TokenCandidate]) -> Int32? {
            var copy = row
            return copy.withUnsafeMutableBufferPointer { buffer in
                buffer.withMemoryRebound(to: llama_token_data.self) { data in
                    var array = llama_token_data_array(data: data.baseAddress, size: data.count, selected: -1, sorted: false)
                    llama_sampler_apply(chain, &array)
                    guard array.selected >= 0, array.selected < array.size, data[Int(array.selected)].logit > -.infinity else { return nil }
                    return data[Int(array.selected)].id
                }
            }
        }
    }

    @Test(arguments: [1, 2, 17, 5_000], [1.0, 0.7, 1.6, 0])
    func drawsAsLlamaCppsChain(size: Int, temperature: Double) throws {
        for seed in UInt64(0)..<12 {
            var generator = SplitMix64(seed: seed &* 31 &+ UInt64(size))
            let reference = try Reference(temperature: temperature, seed: seed)
            let sampler = try SamplerChain(options: GenerationOptions(sampling: .random(probabilityThreshold: 1, seed: seed), temperature: temperature))
            #expect(sampler.isPlainDraw)
            for draw in 0..<6 {
                var row = (0..<size).map { TokenCandidate(id: Int32($0), logit: Float.random(in: -12..<12, using: &generator)) }
                // Some ruled out, some tied with the highest, as masks and quantized logits make them.
                for index in row.indices where generator.next() % 5 == 0 { row[index].logit = -.infinity }
                if size > 2 { row[Int(generator.next() % UInt64(size))].logit = row.map(\.logit).max() ?? 0 }
                if !row.contains(where: { $0.logit > -.infinity }) { row[0].logit = 0 }
                let expected = reference.draw(row)
                let drawn = row.withUnsafeBufferPointer { buffer in
                    sampler.draw(UnsafeMutableBufferPointer(mutating: buffer))
                }
                #expect(drawn == expected, "size \(size), temperature \(temperature), seed \(seed), draw \(draw)")
            }
        }
    }

    @Test func theDrawLeavesItsCandidatesAsTheyWere() throws {
        var generator = SplitMix64(seed: 7)
        let row = (0..<1_000).map { TokenCandidate(id: Int32($0), logit: Float.random(in: -5..<5, using: &generator)) }
        let sampler = try SamplerChain(options: GenerationOptions(sampling: .random(probabilityThreshold: 1, seed: 3), temperature: 0.5))
        var copy = row
        _ = copy.withUnsafeMutableBufferPointer { sampler.draw($0) }
        #expect(copy.map(\.logit) == row.map(\.logit))
    }
}
