import XCTest
@testable import Grona

final class JSONParserTests: XCTestCase {
    func syntaxError(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSONSyntaxError? {
        do {
            _ = try JSONParser.parse(text)
            XCTFail("expected a syntax error for \(text.prefix(40))", file: file, line: line)
            return nil
        } catch let error as JSONSyntaxError {
            return error
        } catch {
            XCTFail("unexpected error \(error)", file: file, line: line)
            return nil
        }
    }

    func testParsesValuesKeepingKeyOrder() throws {
        let value = try JSONParser.parse(#"{"b": [1, -2.5e2, true, false, null], "a": "x\u00e9\n\ud83d\ude00"}"#)
        guard case .object(let members) = value else { return XCTFail("not an object") }
        XCTAssertEqual(members.map(\.key), ["b", "a"])
        XCTAssertEqual(value["b"], .array([.number(1), .number(-250), .bool(true), .bool(false), .null]))
        XCTAssertEqual(value["a"], .string("xé\n😀"))
    }

    func testErrorPositionIsLineAndColumn() {
        let error = syntaxError("{\n  \"a\": tru\n}")
        XCTAssertEqual(error?.line, 2)
        XCTAssertEqual(error?.column, 8)
        XCTAssertEqual(error?.description, "line 2, column 8: invalid literal, expected 'true'")
        // Columns count characters, not bytes.
        XCTAssertEqual(syntaxError("[\"é\" x]")?.column, 6)
    }

    func testErrorsKnowTheirJSONPath() {
        XCTAssertEqual(syntaxError(#"{"a": {"b c": [1, 2, {"d": tru}]}}"#)?.path, #"$.a["b c"][2].d"#)
        XCTAssertEqual(syntaxError(#"{"a": [1, 2"#)?.path, "$.a")  // between elements: the array
        XCTAssertEqual(syntaxError("[}")?.path, "$[0]")
        XCTAssertEqual(syntaxError("{,}")?.path, "$")
    }

    func testNestingIsBounded() throws {
        let ok = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        XCTAssertNoThrow(try JSONParser.parse(ok))
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        XCTAssertEqual(syntaxError(deep)?.message, "nesting deeper than 64 levels")
        // Far deeper input must not exhaust the stack.
        XCTAssertEqual(syntaxError(String(repeating: "{\"a\":", count: 200_000))?.message, "nesting deeper than 64 levels")
    }

    func testRejectsDuplicateKeys() {
        let error = syntaxError(#"{"a": 1, "a": 2}"#)
        XCTAssertEqual(error?.description, #"line 1, column 10: duplicate key "a""#)
    }

    func testRejectsLoneSurrogates() {
        XCTAssertEqual(syntaxError(#"["\ud800"]"#)?.message, #"lone surrogate \uD800 in string"#)
        XCTAssertEqual(syntaxError(#"["\udc00x"]"#)?.message, #"lone surrogate \uDC00 in string"#)
        XCTAssertEqual(syntaxError(#"["\ud800\u0041"]"#)?.message, #"lone surrogate \uD800 in string"#)
        XCTAssertEqual(syntaxError(#"["\ud800"#)?.message, #"lone surrogate \uD800 in string"#)
    }

    func testRejectsNonFiniteNumbers() {
        XCTAssertEqual(syntaxError("[1e999]")?.message, "number 1e999 is out of range for a double")
        XCTAssertEqual(syntaxError("[-1e999]")?.message, "number -1e999 is out of range for a double")
        for text in ["NaN", "[NaN]", "Infinity", "[-Infinity]"] {
            XCTAssertEqual(syntaxError(text)?.message, "NaN and Infinity are not JSON numbers; numbers must be finite", text)
        }
        XCTAssertEqual(try JSONParser.parse("1e-999"), .number(0))  // underflow is a finite zero
    }

    func testRejectsMalformedNumbersAndStructure() {
        XCTAssertEqual(syntaxError("[01]")?.message, "numbers must not have leading zeros")
        XCTAssertEqual(syntaxError("[1.]")?.message, "invalid number: expected a digit after '.'")
        XCTAssertEqual(syntaxError("[1e]")?.message, "invalid number: expected a digit in the exponent")
        XCTAssertEqual(syntaxError("[1,]")?.message, "unexpected character ']', expected a value")
        XCTAssertEqual(syntaxError(#"{"a":1,}"#)?.message, "unexpected character '}', expected a key in double quotes")
        XCTAssertEqual(syntaxError("{} x")?.message, "unexpected character 'x' after the end of the document")
        XCTAssertEqual(syntaxError("")?.message, "unexpected end of input, expected a value")
        XCTAssertEqual(syntaxError(#"["a\q"]"#)?.message, #"invalid escape '\q' in string"#)
    }

    func testRejectsControlCharactersAndInvalidUTF8InStrings() {
        XCTAssertEqual(syntaxError("[\"a\tb\"]")?.message, "control character U+0009 in string; escape it")
        XCTAssertThrowsError(try JSONParser.parse([0x5B, 0x22, 0xC3, 0x28, 0x22, 0x5D])) { error in
            XCTAssertEqual((error as? JSONSyntaxError)?.message, "string is not valid UTF-8")
        }
    }

    func testRejectsInputOverTheSizeCap() {
        let bytes = [UInt8](repeating: 0x20, count: JSONParser.maximumInputSize + 1)
        XCTAssertThrowsError(try JSONParser.parse(bytes)) { error in
            XCTAssertEqual((error as? JSONSyntaxError)?.description,
                           "file is larger than the limit of 4194304 bytes (4 MiB)")
        }
    }

    func testEveryTruncationOfAValidSpecIsAnError() throws {
        let bytes = Array(SpecDecoderTests.specExample.utf8)
        XCTAssertNoThrow(try JSONParser.parse(bytes))
        // Every proper prefix that is not just the document minus trailing whitespace must fail.
        let end = bytes.lastIndex(of: UInt8(ascii: "}")) ?? bytes.count
        for length in 0..<end {
            XCTAssertThrowsError(try JSONParser.parse(Array(bytes[..<length])), "prefix of \(length) bytes")
        }
    }
}
