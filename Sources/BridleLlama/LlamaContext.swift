import BridleBackend
import BridleGrammar
import BridleMask
import CLlama
import Foundation

/// One llama.cpp context and its KV cache, shared by up to ``LlamaConfiguration/sequences``
/// requests at once (continuous batching). An actor: llama.cpp contexts are not thread-safe,
/// so all work runs on a thread of the context's own (see ``DedicatedThreadExecutor``).
///
/// Each request runs in a sequence of its own. One step of the loop: every sequence whose
/// logits came back chooses its next tokens (its own constraint, sampler and fast-forward),
/// then one `llama_decode` reads them all, with chunks of newly arrived prompts in the room
/// left. New requests join between steps; a cancelled or failed request frees its sequence
/// and touches no other. A sequence's cache is kept after its request, so a prompt that starts
/// like an earlier conversation decodes only what is new, and a prefix another sequence holds
/// (shared instructions, tool schemas) is copied instead of decoded again (``PrefixReuse``).
actor LlamaContext {
    private nonisolated let executor = DedicatedThreadExecutor(name: "Bridle decode")
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// One llama.cpp sequence: what its cache holds, and the request it serves, if any.
    private struct CacheSlot {
        var tokens: [llama_token] = []
        /// The request whose own feed this sequence is.
        var running: RunningSequence?
        /// The sequence whose request holds this one for another of its feeds.
        var heldFor: Int?
        /// When a request last took it; the least recently used free slot is taken first.
        var lastUse = 0

        var isFree: Bool { running == nil && heldFor == nil }
    }

    private let model: LlamaModel
    private let formatter: ChatFormatter
    /// Used only from the actor (and its deinit, when nothing else can reach it).
    nonisolated(unsafe) private let pointer: OpaquePointer
    private let batch: DecodeBatch
    /// Tokens one sequence may hold.
    nonisolated let contextSize: Int
    /// Threads llama.cpp decodes on, which also make a step's choices.
    private let threads: Int
    /// What requests may ask of it: request emphasis needs a second sequence (a feed of its own).
    nonisolated let capabilities: LanguageModelCapabilities
    /// llama.cpp's sliding attention window (0 without one): a sequence's cache keeps only
    /// that many recent positions for the layers that use it.
    private let slidingWindow: Int
    /// Counts and timings of the most recently ended request, whether it completed or not.
    private(set) var lastStatistics: GenerationStatistics?
    private var slots: [CacheSlot]
    private var waiting: [SequenceTicket] = []
    /// Requests that wait for a prompt prefix another sequence is reading right now, so that
    /// they copy it from the cache instead of decoding it too (many seeds of one request,
    /// sessions with the same instructions, arriving together).
    private var deferred: [PreparedRequest] = []
    private var isStepping = false
    private var uses = 0

    /// A shared prefix this long is always waited for; a shorter one only when it is most of
    /// what the prompt would decode (many seeds of one short request).
    private static let prefixWorthWaitingFor = 32

    init(model: LlamaModel, formatter: ChatFormatter, configuration: LlamaConfiguration) throws(LlamaError) {
        let trained = model.trainedContextLength
        let requested = configuration.contextSize ?? min(trained, LlamaConfiguration.defaultContextCap)
        guard requested <= trained else { throw .contextTooLarge(requested: requested, trained: trained) }
        let sequences = configuration.sequences
        guard (1...LlamaConfiguration.maximumSequences).contains(sequences) else {
            throw .invalidConfiguration(reason: "sequences must be 1 to \(LlamaConfiguration.maximumSequences), not \(sequences)")
        }
        guard configuration.batchSize >= 1 else {
            throw .invalidConfiguration(reason: "batchSize must be at least 1, not \(configuration.batchSize)")
        }
        var parameters = llama_context_default_params()
        parameters.n_ctx = UInt32(clamping: max(requested, 1) * sequences)
        parameters.n_batch = UInt32(clamping: max(configuration.batchSize, sequences))
        parameters.n_ubatch = parameters.n_batch
        parameters.n_seq_max = UInt32(sequences)
        // One pool of cells for every sequence: a copied prefix shares its cells, and a batch
        // of uneven runs (one sampled token here, a forced run or a prompt chunk there) is one
        // micro-batch. (A stream per sequence attends over fewer cells, but llama.cpp splits
        // such a batch into equal parts: 16 sessions measured 1.6× the requests/s of one, against
        // 2.5× with the pool.)
        parameters.kv_unified = true
        let threads = Int32(clamping: configuration.threads ?? ProcessInfo.processInfo.activeProcessorCount)
        parameters.n_threads = threads
        parameters.n_threads_batch = threads
        parameters.no_perf = false
        let mark = LlamaLog.mark()
        guard let context = llama_init_from_model(model.pointer, parameters) else {
            throw .contextCreationFailed(llamaMessages: LlamaLog.messages(since: mark))
        }
        self.model = model
        self.formatter = formatter
        self.pointer = context
        self.batch = DecodeBatch(capacity: Int(parameters.n_batch))
        self.contextSize = min(requested, Int(llama_n_ctx(context)) / sequences)
        self.threads = Int(threads)
        self.slidingWindow = Int(llama_model_n_swa(model.pointer))
        self.slots = Array(repeating: CacheSlot(), count: sequences)
        self.capabilities = LanguageModelCapabilities([.guidedGeneration, .toolCalling, .reasoning, .constraintPressure] + (sequences >= 2 ? [.requestEmphasis] : []))
    }

    deinit {
        llama_free(pointer)
    }

    private var memory: llama_memory_t { llama_get_memory(pointer) }

    /// Queues requests, in this order; their events go to the tickets' continuations, which the
    /// context finishes. Requests queued in one call are admitted in that order, at the same
    /// step as far as free sequences allow (``RequestGroup``).
    func submit(_ tickets: [SequenceTicket]) {
        waiting += tickets
        guard !isStepping else { return }
        isStepping = true
        Task { await run() }
    }

    /// Requests running on a sequence or waiting for one.
    var activeRequests: Int {
        slots.count { $0.running != nil } + waiting.count + deferred.count
    }

    /// Forgets what the idle sequences hold; their next requests decode their whole prompts.
    /// With none running, the context is then as it was new: requests take the same sequences
    /// and cells in the same order, and so give the same answers, as in a fresh context.
    func clearCache() {
        if slots.allSatisfy(\.isFree) {
            llama_memory_clear(memory, true)
            slots = Array(repeating: CacheSlot(), count: slots.count)
            uses = 0
            return
        }
        for index in slots.indices where slots[index].isFree {
            forget(index)
        }
    }

    /// Decodes the prompt for `messages` into an idle sequence's cache, so a request that
    /// begins the same way reuses it. A hint: without an idle sequence, or with a prompt that
    /// cannot be decoded (too long, a failed batch), it does nothing.
    func prewarm(_ messages: [ChatMessage]) {
        guard let prompt = try? model.tokenize(try formatter.prompt(for: messages)), !prompt.isEmpty, prompt.count < contextSize,
            let plan = claim(for: prompt)
        else { return }
        var start = plan.reused
        while start < prompt.count {
            batch.clear()
            let end = min(start + batch.capacity, prompt.count)
            for index in start..<end {
                batch.add(prompt[index], position: index, sequence: plan.sequence, wantsLogits: false)
            }
            guard llama_decode(pointer, batch.batch) == 0 else {
                forget(plan.sequence)
                return
            }
            slots[plan.sequence].tokens += prompt[start..<end]
            start = end
        }
    }

    /// Steps until no request is running or waiting. Between steps the actor takes new
    /// submissions (`Task.yield` lets queued calls in), so requests join a batch in progress.
    private func run() async {
        while true {
            admitWaiting()
            // A deferred request waits only on a running one: with none running, none waits.
            guard slots.contains(where: { $0.running != nil }) else { break }
            step()
            await Task.yield()
        }
        isStepping = false
    }

    /// Starts waiting requests on free sequences; a request that cannot start fails alone.
    private func admitWaiting() {
        var stillDeferred: [PreparedRequest] = []
        for prepared in deferred {
            if prepared.ticket.isCancelled {
                prepared.ticket.continuation.finish(throwing: CancellationError())
            } else if isBeingRead(prepared.prompt) || !begin(prepared) {
                stillDeferred.append(prepared)
            }
        }
        deferred = stillDeferred
        while !waiting.isEmpty, slots.count(where: \.isFree) > deferred.count {
            let ticket = waiting.removeFirst()
            guard !ticket.isCancelled else {
                ticket.continuation.finish(throwing: CancellationError())
                continue
            }
            do {
                let prepared = try prepare(ticket)
                if isBeingRead(prepared.prompt) || !begin(prepared) { deferred.append(prepared) }
            } catch {
                ticket.continuation.finish(throwing: error)
            }
        }
    }

    private func prepare(_ ticket: SequenceTicket) throws -> PreparedRequest {
        try PreparedRequest(ticket, model: model, formatter: formatter, capabilities: capabilities, contextSize: contextSize)
    }

    /// Starts `prepared` on free sequences, one for each of its feeds; `false` when too few are
    /// free. Its own feed starts now; the others are held, and start once it holds its prompt
    /// (``startFeed(_:)``), so they copy the prefix they share instead of decoding it again.
    private func begin(_ prepared: PreparedRequest) -> Bool {
        let prompts = prepared.prompts
        guard slots.count(where: \.isFree) >= prompts.count, let plan = claim(for: prepared.prompt) else { return false }
        var others: [SequenceFeed] = []
        for prompt in prompts.dropFirst() {
            guard let held = slots.indices.filter({ slots[$0].isFree && $0 != plan.sequence }).min(by: { slots[$0].lastUse < slots[$1].lastUse })
            else { break }
            slots[held].heldFor = plan.sequence
            others.append(SequenceFeed(sequence: held, prompt: prompt, vocabularySize: model.vocabularySize, keepsLogits: true))
        }
        let main = SequenceFeed(sequence: plan.sequence, prompt: prepared.prompt, vocabularySize: model.vocabularySize, keepsLogits: !others.isEmpty)
        slots[plan.sequence].running = RunningSequence(
            prepared, main: main, baseline: others.first, model: model, contextSize: contextSize, reused: plan.reused,
            shared: plan.isCopy ? plan.reused : 0)
        return true
    }

    /// Fills a held feed's sequence with the longest prefix of its prompt the cache holds (its
    /// request's own prompt, which shares all before the request) and queues the rest.
    private func startFeed(_ feed: SequenceFeed) {
        let plan = PrefixReuse.plan(prompt: feed.prompt, caches: slots.map(\.tokens), free: [feed.sequence], isWhole: isWhole)
            ?? PrefixReuse(sequence: feed.sequence, reused: 0, source: feed.sequence)
        feed.start(reused: install(plan, prompt: feed.prompt).reused)
    }

    /// Whether a sequence still reading its prompt shares a prefix with `prompt` worth waiting
    /// for: longer than any prefix the cache holds by ``prefixWorthWaitingFor`` tokens, or by
    /// at least half of what the prompt would decode. Waiting costs the request one step; not
    /// waiting decodes the shared tokens once more, in a batch every running request waits for.
    private func isBeingRead(_ prompt: [llama_token]) -> Bool {
        func common(_ tokens: some Sequence<llama_token>) -> Int {
            min(zip(tokens, prompt).prefix(while: { $0 == $1 }).count, prompt.count - 1)
        }
        let cached = slots.map { common($0.tokens) }.max() ?? 0
        return slots.contains { slot in
            guard let running = slot.running, running.responseStart == nil else { return false }
            let gain = common(running.main.prompt) - cached
            return gain >= min(Self.prefixWorthWaitingFor, max(1, (prompt.count - cached + 1) / 2))
        }
    }

    /// Takes a free sequence for `prompt` and leaves in its cache the longest prefix of the
    /// prompt any sequence holds; `nil` when none is free.
    private func claim(for prompt: [llama_token]) -> PrefixReuse? {
        let free = slots.indices.filter { slots[$0].isFree }.sorted { slots[$0].lastUse < slots[$1].lastUse }
        guard let plan = PrefixReuse.plan(prompt: prompt, caches: slots.map(\.tokens), free: free, isWhole: isWhole) else {
            return nil
        }
        return install(plan, prompt: prompt)
    }

    /// Leaves in `plan`'s sequence the prefix it reuses (copied from its source, or its own
    /// cache cut after it); the plan actually carried out.
    private func install(_ plan: PrefixReuse, prompt: [llama_token]) -> PrefixReuse {
        var plan = plan
        let sequence = plan.sequence
        uses += 1
        slots[sequence].lastUse = uses
        if plan.isCopy {
            forget(sequence)
            llama_memory_seq_cp(memory, llama_seq_id(plan.source), llama_seq_id(sequence), 0, llama_pos(plan.reused))
            slots[sequence].tokens = Array(prompt[..<plan.reused])
        } else if !llama_memory_seq_rm(memory, llama_seq_id(sequence), llama_pos(plan.reused), -1) {
            forget(sequence)
            plan = PrefixReuse(sequence: sequence, reused: 0, source: sequence)
        } else {
            slots[sequence].tokens.removeSubrange(plan.reused...)
        }
        return plan
    }

    /// Whether `sequence`'s cache holds what decoding after its first `length` tokens needs:
    /// everything, or, for a model with a sliding window, at least the window before `length`.
    private func isWhole(_ sequence: Int, _ length: Int) -> Bool {
        guard slidingWindow > 0 else { return true }
        let oldest = Int(llama_memory_seq_pos_min(memory, llama_seq_id(sequence)))
        return oldest <= max(0, length - slidingWindow)
    }

    private func forget(_ sequence: Int) {
        llama_memory_seq_rm(memory, llama_seq_id(sequence), -1, -1)
        slots[sequence].tokens = []
    }

    /// One step: each request whose logits are in chooses, then one batch decodes every feed's
    /// queued tokens (chosen tokens first, prompts in the room left).
    private func step() {
        var choosing: [ChoiceWork] = []
        for index in slots.indices {
            guard let sequence = slots[index].running else { continue }
            if sequence.ticket.isCancelled {
                end(index, throwing: CancellationError())
                continue
            }
            guard sequence.isReadyToChoose else { continue }
            choosing.append(ChoiceWork(sequence: sequence, held: slots[index].tokens.count))
        }
        for (work, outcome) in zip(choosing, ChoiceWork.run(choosing, threads: threads)) {
            switch outcome {
            case .success(.decoding): break
            case .success(.finished): end(work.sequence.main.sequence, throwing: nil)
            case .failure(let error): end(work.sequence.main.sequence, throwing: error)
            }
        }

        batch.clear()
        var taken: [(feed: SequenceFeed, count: Int, row: Int32?)] = []
        func take(_ feed: SequenceFeed) {
            guard feed.isStarted, !feed.pending.isEmpty, batch.room > 0 else { return }
            let count = min(feed.pending.count, batch.room)
            let position = slots[feed.sequence].tokens.count
            var row: Int32?
            for (offset, token) in feed.pending.prefix(count).enumerated() {
                let last = offset == count - 1 && count == feed.pending.count
                let added = batch.add(token, position: position + offset, sequence: feed.sequence, wantsLogits: last)
                if last { row = added }
            }
            taken.append((feed, count, row))
        }
        let running = slots.compactMap(\.running)
        for sequence in running.filter({ $0.responseStart != nil }) + running.filter({ $0.responseStart == nil }) {
            for feed in sequence.feeds { take(feed) }
        }
        guard !taken.isEmpty else { return }

        let mark = LlamaLog.mark()
        let status = llama_decode(pointer, batch.batch)
        guard status == 0 else {
            // The batch is one micro-batch (n_ubatch = n_batch), so none of it was kept; the
            // requests of its feeds fail, the others go on.
            for (feed, _, _) in taken {
                let index = feed.sequence
                let error: any Error = if status == 1 {
                    ResponseError.exceededContextWindowSize(promptTokens: slots[index].tokens.count + feed.pending.count, contextSize: contextSize)
                } else {
                    LlamaError.decodeFailed(status: status, llamaMessages: LlamaLog.messages(since: mark))
                }
                end(slots[index].heldFor ?? index, throwing: error)
                forget(index)
            }
            return
        }
        let now = ContinuousClock.now
        var unread: [(sequence: Int, row: Int32)] = []
        for (feed, count, row) in taken {
            slots[feed.sequence].tokens += feed.pending.prefix(count)
            feed.pending = feed.pending.dropFirst(count)
            guard let row else { continue }
            if let logits = llama_get_logits_ith(pointer, row) { feed.receive(logits) } else { unread.append((feed.sequence, row)) }
        }
        for (index, row) in unread {
            end(slots[index].heldFor ?? index, throwing: LlamaError.decodeFailed(status: 0, llamaMessages: ["llama_get_logits_ith returned NULL for row \(row)"]))
        }
        for sequence in running where slots[sequence.main.sequence].running === sequence {
            sequence.decoded(at: now)
            guard sequence.responseStart != nil else { continue }
            for feed in sequence.feeds where !feed.isStarted { startFeed(feed) }
        }
    }

    /// Ends the request on `sequence`: finished when `error` is nil, failed otherwise. The
    /// sequence's cache stays for later prompts that start the same way.
    private func end(_ sequence: Int, throwing error: (any Error)?) {
        guard let running = slots[sequence].running else { return }
        slots[sequence].running = nil
        for feed in running.feeds where feed !== running.main { slots[feed.sequence].heldFor = nil }
        running.finishStatistics()
        lastStatistics = running.statistics
        if let error {
            running.ticket.continuation.finish(throwing: error)
        } else {
            running.ticket.continuation.yield(.finished(running.statistics))
            running.ticket.continuation.finish()
        }
    }
}

extension Duration {
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
