import Bridle
import BridleExampleTypes
import Testing
import BridleTestSupport

@Suite struct ResponseStreamTests {
    static let answer = #"{"genre":"drama","fromYear":1950,"toYear":1960,"keywords":["noir"]}"#

    @Test func snapshotsGrowToTheCheckedAnswer() async throws {
        let session = LanguageModelSession(model: ScriptedModel(Self.answer))
        var snapshots: [ResponseStream<Films.Arguments>.Snapshot] = []
        for try await snapshot in session.streamResponse(to: "Films", generating: Films.Arguments.self) {
            snapshots.append(snapshot)
        }
        let final = try #require(snapshots.last)
        #expect(final.isComplete)
        #expect(final.rawContent == (try GeneratedContent(json: Self.answer)))
        #expect(snapshots.dropLast().allSatisfy { !$0.isComplete })
        let genres = snapshots.compactMap { snapshot -> String? in
            guard case .string(let genre)? = snapshot.rawContent[property: "genre"]?.kind else { return nil }
            return genre
        }
        #expect(genres.first == "")
        #expect(zip(genres, genres.dropFirst()).allSatisfy { $1.hasPrefix($0) })
        #expect(final.content?.keywords == ["noir"])
        let typedGenres = snapshots.compactMap { $0.content?.genre }
        #expect(typedGenres == genres, "the partial type reads what the partial content holds")
        let partials = snapshots.dropLast().map(\.rawContent)
        #expect(Set(partials).count == partials.count, "a snapshot is yielded only when the content changed")
    }

    @Test func toolTurnsYieldNothingAndOnlyTheAnswerStreams() async throws {
        let model = ScriptedModel(Replies.validFilms, Replies.answer("Ran is good."))
        let session = LanguageModelSession(model: model, tools: [RecordingFilmsTool()])
        var texts: [String] = []
        for try await snapshot in session.streamResponse(to: "Films") {
            guard case .string(let text) = snapshot.rawContent.kind else {
                Issue.record("a text answer streams as strings: \(snapshot.rawContent)")
                return
            }
            texts.append(text)
        }
        #expect(texts.first == "")
        #expect(texts.last == "Ran is good.")
        #expect(texts.allSatisfy { "Ran is good.".hasPrefix($0) })
    }

    @Test func collectReturnsTheTypedResponse() async throws {
        let session = LanguageModelSession(model: ScriptedModel(Self.answer))
        let response = try await session.streamResponse(to: "Films", generating: Films.Arguments.self).collect()
        #expect(response.content.keywords == ["noir"])
    }

    @Test func errorsEndTheStream() async throws {
        let session = LanguageModelSession(model: ScriptedModel(#"{"genre":"drama""#))
        await #expect(throws: LanguageModelSession.GenerationError.self) {
            for try await _ in session.streamResponse(to: "Films", generating: Films.Arguments.self) {}
        }
        #expect(session.isResponding == false)
    }

    @Test func aStreamIteratedThenCollectedRunsTheModelAndEachToolOnce() async throws {
        let model = ScriptedModel(Replies.validFilms, Replies.answer("Ran is good."))
        let films = RecordingFilmsTool()
        let session = LanguageModelSession(model: model, tools: [films])
        let stream = session.streamResponse(to: "Films")
        var snapshots: [ResponseStream<String>.Snapshot] = []
        for try await snapshot in stream { snapshots.append(snapshot) }
        let response = try await stream.collect()
        #expect(response.content == "Ran is good.")
        #expect(snapshots.last?.rawContent == response.rawContent)
        #expect(model.requests.count == 2, "one tool turn and one answer, not a second request")
        #expect(films.calls.count == 1)
        #expect(session.transcript.count == 5, "instructions, prompt, call, output, answer")
    }

    @Test func iteratingAgainReplaysTheSameSnapshotsWithoutANewRequest() async throws {
        let model = ScriptedModel(Self.answer)
        let session = LanguageModelSession(model: model)
        let stream = session.streamResponse(to: "Films", generating: Films.Arguments.self)
        let collected = try await stream.collect()
        var first: [GeneratedContent] = []
        for try await snapshot in stream { first.append(snapshot.rawContent) }
        var second: [GeneratedContent] = []
        for try await snapshot in stream { second.append(snapshot.rawContent) }
        #expect(first.count > 2)
        #expect(first == second)
        #expect(first.last == collected.rawContent)
        #expect(model.requests.count == 1)
    }

    @Test func aFailedStreamFailsEveryReaderWithTheSameError() async throws {
        let model = ScriptedModel(#"{"genre":"drama""#)
        let session = LanguageModelSession(model: model)
        let stream = session.streamResponse(to: "Films", generating: Films.Arguments.self)
        await #expect(throws: LanguageModelSession.GenerationError.self) { try await stream.collect() }
        await #expect(throws: LanguageModelSession.GenerationError.self) {
            for try await _ in stream {}
        }
        #expect(model.requests.count == 1)
    }

    @Test func cancellingTheIteratingTaskCancelsTheRequest() async throws {
        let model = GatedModel()
        let session = LanguageModelSession(model: model)
        let stream = session.streamResponse(to: "Tell me")
        let reader = Task {
            var texts: [GeneratedContent] = []
            for try await snapshot in stream { texts.append(snapshot.rawContent) }
            return texts
        }
        while !model.isWaiting { await Task.yield() }
        model.write("Once")
        reader.cancel()
        await #expect(throws: CancellationError.self) { try await reader.value }
        await #expect(throws: CancellationError.self) { try await stream.collect() }
        while session.isResponding { await Task.yield() }
        #expect(session.transcript.isEmpty)
        #expect(model.requests == 1)
    }
}
