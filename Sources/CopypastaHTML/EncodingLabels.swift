/// The encoding labels of the WHATWG Encoding Standard that pages use, each mapped to the
/// encoding's canonical name, and the glibc iconv names that decode it.
///
/// The web's names are not iconv's: `latin1` and `ascii` mean windows-1252, `gb2312` and `gbk`
/// are decoded by GB18030 (a superset), `shift_jis` by CP932 (Microsoft's superset that browsers
/// implement), `euc-kr` by CP949, `iso-8859-9` is windows-1254.
enum EncodingLabels {
    /// Label (lowercase) → canonical name.
    static let canonical: [String: String] = {
        var table: [String: String] = [:]
        for (name, labels) in groups {
            table[name] = name
            for label in labels { table[label] = name }
        }
        for number in [2, 3, 4, 5, 6, 7, 8, 10, 13, 14, 15, 16] {
            let name = "iso-8859-\(number)"
            for label in ["iso-8859-\(number)", "iso8859-\(number)", "iso_8859-\(number)", "iso8859\(number)"] {
                table[label] = name
            }
        }
        for number in 0...8 {
            let name = "windows-125\(number)"
            for label in [name, "cp125\(number)", "x-cp125\(number)"] { table[label] = name }
        }
        return table
    }()

    /// Encodings with labels beyond their own name and the numbered families above.
    private static let groups: [(String, [String])] = [
        ("utf-8", ["utf8", "unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "x-unicode20utf8"]),
        (
            "windows-1252",
            [
                "ansi_x3.4-1968", "ascii", "us-ascii", "cp819", "csisolatin1", "ibm819", "iso-8859-1", "iso-ir-100",
                "iso8859-1", "iso88591", "iso_8859-1", "iso_8859-1:1987", "l1", "latin1", "x-cp1252",
            ]
        ),
        ("windows-1254", ["iso-8859-9", "iso8859-9", "iso88599", "iso_8859-9", "latin5", "l5", "csisolatin5"]),
        ("windows-874", ["dos-874", "iso-8859-11", "iso8859-11", "iso885911", "tis-620"]),
        ("iso-8859-2", ["latin2", "l2", "csisolatin2", "iso-ir-101"]),
        ("iso-8859-5", ["cyrillic", "csisolatincyrillic", "iso-ir-144"]),
        ("iso-8859-7", ["greek", "greek8", "ecma-118", "elot_928", "sun_eu_greek", "iso-ir-126"]),
        ("iso-8859-8", ["hebrew", "visual", "iso-ir-138", "csisolatinhebrew"]),
        ("iso-8859-8-i", ["logical", "csiso88598i"]),
        ("koi8-r", ["koi", "koi8", "koi8_r", "cskoi8r"]),
        ("koi8-u", ["koi8-ru"]),
        ("ibm866", ["866", "cp866", "csibm866"]),
        ("macintosh", ["mac", "csmacintosh", "x-mac-roman"]),
        ("x-mac-cyrillic", ["x-mac-ukrainian"]),
        (
            "gb18030",
            [
                "gbk", "gb2312", "gb_2312", "gb_2312-80", "chinese", "csgb2312", "csiso58gb231280", "iso-ir-58", "x-gbk",
                "cp936", "ms936", "windows-936",
            ]
        ),
        ("big5", ["big5-hkscs", "cn-big5", "csbig5", "x-x-big5"]),
        ("euc-jp", ["cseucpkdfmtjapanese", "x-euc-jp"]),
        ("iso-2022-jp", ["csiso2022jp"]),
        ("shift_jis", ["csshiftjis", "ms932", "ms_kanji", "shift-jis", "sjis", "windows-31j", "x-sjis"]),
        (
            "euc-kr",
            [
                "cseuckr", "csksc56011987", "iso-ir-149", "korean", "ks_c_5601-1987", "ks_c_5601-1989", "ksc5601",
                "ksc_5601", "windows-949",
            ]
        ),
        ("utf-16be", ["unicodefffe"]),
        ("utf-16le", ["utf-16", "csunicode", "iso-10646-ucs-2", "ucs-2", "unicode", "unicodefeff"]),
    ]

    /// The iconv names to try for a canonical name, best first.
    static func iconvNames(_ canonical: String) -> [String] {
        switch canonical {
        case "windows-1252": ["WINDOWS-1252", "CP1252"]
        case "shift_jis": ["CP932", "SHIFT_JIS"]
        case "euc-kr": ["CP949", "EUC-KR"]
        case "gb18030": ["GB18030", "GBK"]
        case "big5": ["BIG5-HKSCS", "BIG5"]
        case "iso-8859-8-i": ["ISO-8859-8"]
        case "windows-874": ["CP874", "TIS-620"]
        case "x-mac-cyrillic": ["MAC-CYRILLIC", "MACCYRILLIC"]
        case "ibm866": ["IBM866", "CP866"]
        default: [canonical.uppercased()]
        }
    }
}
