// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import Hummingbird

/// ``ProxyCORS`` for image routes: `Access-Control-Allow-Origin` on every response, and the
/// preflight (`OPTIONS`) answered with 204.
///
/// Unlike Hummingbird's `CORSMiddleware`, which answers only requests that carry an `Origin`
/// header, the header goes on every response (see ``ProxyCORS``).
public struct ProxyCORSMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The origin allowed to read the images (`*` for any).
    public let allowedOrigin: String

    /// CORS allowing `allowedOrigin`.
    public init(allowedOrigin: String) {
        self.allowedOrigin = allowedOrigin
    }

    /// Answers `OPTIONS` itself; adds the allowed origin to every other response.
    public func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if request.method == .options {
            return Response(status: .noContent, headers: ProxyCORS.preflightHeaders(allowing: allowedOrigin))
        }
        var response = try await next(request, context)
        response.headers[.accessControlAllowOrigin] = allowedOrigin
        return response
    }
}
