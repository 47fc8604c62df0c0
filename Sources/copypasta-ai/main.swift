import CopypastaAI
import CopypastaNet
import Glibc

// `copypasta-ai`: what `copypasta ai` execs (docs/DESIGN.md "AI assistance"). The transport is
// CopypastaNet's libcurl: TLS verified, the user's proxy variables honoured, no redirects (an API
// endpoint does not move), private addresses only for an endpoint the user configured.
let transport: AIExchange.Transport = { request throws(AIError) in
    let http = HTTPRequest(
        url: request.url, method: "POST", headers: request.headers, body: Array(request.body.utf8),
        deadline: request.deadline, connectDeadline: min(10, request.deadline), maxBytes: 4 << 20, maxRedirects: 0,
        allowPrivateAddresses: request.allowPrivateAddresses)
    do throws(NetError) {
        let reply = try perform(http)
        return AIHTTPResult(status: reply.status, headers: reply.headers, body: reply.body)
    } catch {
        switch error {
        case .timeout: throw .unavailable("the provider did not answer within \(Int(request.deadline)) s (ai-timeout)")
        case .tooLarge: throw .badReply("the provider's reply is over 4 MiB; nothing was stored")
        default: throw .unavailable("cannot reach the provider: \(error)")
        }
    }
}
exit(AIMain.run(Array(CommandLine.arguments.dropFirst()), transport: transport))
