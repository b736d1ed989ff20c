/// 300-character HTML snippets of the kind apps receive from APIs.
enum Snippets {
    static let templates: [String] = [
        "<p>Hello <b>{name}</b>, your order <a href=\"https://shop.example.com/o/{n}\">#{n}</a> has shipped &amp; will arrive <i>tomorrow</i>.<br>Track it in the app 📦 or reply to this message.</p><p style=\"color:#666\">Thanks for shopping with us!</p>",
        "<ul><li><b>Fast</b> delivery</li><li>Free returns &mdash; 30 days</li><li><span style=\"color:red\">{n}% off</span> today only</li></ul><p>日本語の<u>テキスト</u>と絵文字 😀👍🏽 &lt;b&gt;not bold&lt;/b&gt;</p>",
        "<p><span style=\"font-weight:bold;color:#0a84ff\">@{name}</span> replied: <i>great point</i>, see <a href=\"https://example.org/t/{n}\">this thread</a>.<br>Posted {n} minutes ago &middot; <span style=\"font-size:12px\">edited</span></p><p>Reply&nbsp;or&nbsp;share</p>",
        "<p>Breaking: <b>Markets <i>rally</b> after</i> report<br>Stocks rose {n}% on Tuesday, the <u>largest</u> gain since 2020. <a href=/news/{n}>Read more</a> &raquo;</p><p>中文新闻 <b>重要</b> 更新 🚀</p><p>© 2026 News Corp",
        "<div><p style=\"text-align:center\"><b>Event</b> on <span style=\"color:rgb(200,30,30)\">Friday {n}</span></p><ol><li>Doors open <i>7pm</i></li><li>Talk by <b>{name}</b><li>Q&amp;A</ol><p>Tickets: <a href=\"https://t.example/{n}\">buy</a> ✨</p></div>",
    ]
    /// The same snippets written as well-formed XML (self-closed `<br/>`, numeric character
    /// references, proper nesting and closing), so the XMLParser baseline renders them
    /// completely instead of stopping at its first error.
    static let xmlTemplates: [String] = [
        "<p>Hello <b>{name}</b>, your order <a href=\"https://shop.example.com/o/{n}\">#{n}</a> has shipped &amp; will arrive <i>tomorrow</i>.<br/>Track it in the app 📦 or reply to this message.</p><p style=\"color:#666\">Thanks for shopping with us!</p>",
        "<ul><li><b>Fast</b> delivery</li><li>Free returns &#8212; 30 days</li><li><span style=\"color:red\">{n}% off</span> today only</li></ul><p>日本語の<u>テキスト</u>と絵文字 😀👍🏽 &lt;b&gt;not bold&lt;/b&gt;</p>",
        "<p><span style=\"font-weight:bold;color:#0a84ff\">@{name}</span> replied: <i>great point</i>, see <a href=\"https://example.org/t/{n}\">this thread</a>.<br/>Posted {n} minutes ago &#183; <span style=\"font-size:12px\">edited</span></p><p>Reply&#160;or&#160;share</p>",
        "<p>Breaking: <b>Markets <i>rally</i></b><i> after</i> report<br/>Stocks rose {n}% on Tuesday, the <u>largest</u> gain since 2020. <a href=\"/news/{n}\">Read more</a> &#187;</p><p>中文新闻 <b>重要</b> 更新 🚀</p><p>© 2026 News Corp</p>",
        "<div><p style=\"text-align:center\"><b>Event</b> on <span style=\"color:rgb(200,30,30)\">Friday {n}</span></p><ol><li>Doors open <i>7pm</i></li><li>Talk by <b>{name}</b></li><li>Q&amp;A</li></ol><p>Tickets: <a href=\"https://t.example/{n}\">buy</a> ✨</p></div>",
    ]
    static let names = ["Alice", "Bob", "Chloé", "Dmitri", "Eiko", "François", "Gustavo", "Hana"]

    static func make(count: Int, xml: Bool = false) -> [String] {
        var out: [String] = []
        for i in 0..<count {
            var s = (xml ? xmlTemplates : templates)[i % templates.count]
            s = s.replacingOccurrences(of: "{name}", with: names[i % names.count])
            s = s.replacingOccurrences(of: "{n}", with: String(100 + i * 37 % 900))
            out.append(s)
        }
        return out
    }
}
