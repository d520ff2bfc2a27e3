import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A TCP port on 127.0.0.1, for a server a test starts or for one where nothing may listen.
public enum LoopbackPort {
    public struct Unavailable: Error {}

    /// A port that was free a moment ago: the kernel picks one for a socket bound to port 0,
    /// which is closed again before the server binds it.
    public static func free() throws -> Int {
        let socket = try BoundSocket()
        defer { socket.close() }
        return socket.port
    }

    /// A port that refuses connections for as long as the returned socket lives.
    ///
    /// The socket stays bound without listening, so connecting is refused and no server another
    /// test starts in the meantime can take the port: a port that was merely free a moment ago
    /// once went to a parallel test's server, which then answered the "unreachable" request.
    ///
    /// ```swift
    /// let closed = try LoopbackPort.refusing()
    /// let url = URL(string: "http://127.0.0.1:\(closed.port)")!
    /// ```
    public static func refusing() throws -> BoundSocket {
        try BoundSocket()
    }

    /// A TCP socket bound to 127.0.0.1 that never listens; closed when released.
    public final class BoundSocket: @unchecked Sendable {
        public let port: Int
        private var descriptor: Int32

        init() throws {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard descriptor >= 0 else { throw Unavailable() }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = 0
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                    bind(descriptor, pointer, length) == 0 && getsockname(descriptor, pointer, &length) == 0
                }
            }
            guard bound else {
                Glibc.close(descriptor)
                throw Unavailable()
            }
            self.descriptor = descriptor
            port = Int(UInt16(bigEndian: address.sin_port))
        }

        public func close() {
            guard descriptor >= 0 else { return }
            Glibc.close(descriptor)
            descriptor = -1
        }

        deinit { close() }
    }
}
