// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import HTTPTypes
public import Hummingbird

/// Gives every image response an `X-Request-ID` (``ProxyRequestID``): the one the request came
/// with when it may be used, else Hummingbird's id of the request. ``ProxyRequestLogMiddleware``
/// logs the same id.
public struct ProxyRequestIDMiddleware<Context: RequestContext>: RouterMiddleware {
    /// `X-Request-ID`.
    public static var headerName: HTTPField.Name { ProxyRequestID.headerName }

    /// A middleware for the image routes.
    public init() {}

    /// Runs the request and sets the id on its response, thrown errors' included.
    public func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let id = Self.id(of: request, context: context)
        do {
            var response = try await next(request, context)
            response.headers[Self.headerName] = id
            return response
        } catch let error as any HTTPResponseError {
            var response = try error.response(from: request, context: context)
            response.headers[Self.headerName] = id
            return response
        }
    }

    /// The request's id.
    public static func id(of request: Request, context: Context) -> String {
        ProxyRequestID.id(in: request.headers, otherwise: context.id)
    }
}
