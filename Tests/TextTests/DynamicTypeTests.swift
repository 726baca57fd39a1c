import XCTest
@testable import Text

final class DynamicTypeTests: XCTestCase {
    func testTwelveCategoriesParseFromBothNames() {
        XCTAssertEqual(ContentSizeCategory.allCases.count, 12)
        for category in ContentSizeCategory.allCases {
            XCTAssertEqual(ContentSizeCategory(name: category.name), category)
            XCTAssertEqual(ContentSizeCategory(name: category.shortName), category)
        }
        XCTAssertEqual(ContentSizeCategory(name: "xS"), .extraSmall)
        XCTAssertEqual(ContentSizeCategory(name: "AX5"), .accessibilityExtraExtraExtraLarge)
        XCTAssertEqual(ContentSizeCategory(name: "accessibilityMedium"), .accessibilityMedium)
        XCTAssertEqual(ContentSizeCategory(name: "xxxL"), .extraExtraExtraLarge)
        XCTAssertNil(ContentSizeCategory(name: "huge"))
        XCTAssertNil(ContentSizeCategory(name: "l"))
        XCTAssertTrue(ContentSizeCategory.accessibilityMedium.isAccessibilityCategory)
        XCTAssertFalse(ContentSizeCategory.extraExtraExtraLarge.isAccessibilityCategory)
    }

    func testApplesTable() {
        XCTAssertEqual(DynamicType.size(for: .body, category: .large), 17)
        XCTAssertEqual(DynamicType.size(for: .headline, category: .extraSmall), 14)
        XCTAssertEqual(DynamicType.size(for: .title3, category: .accessibilityExtraExtraExtraLarge), 55)
        XCTAssertEqual(DynamicType.size(for: .callout, category: .accessibilityLarge), 32)
        XCTAssertEqual(DynamicType.size(for: .subheadline, category: .extraLarge), 17)
        XCTAssertEqual(DynamicType.size(for: .footnote, category: .medium), 12)
        XCTAssertEqual(DynamicType.size(for: .caption1, category: .accessibilityExtraLarge), 32)
        XCTAssertEqual(DynamicType.size(for: .caption2, category: .accessibilityExtraExtraLarge), 34)
        // Every style grows (or stays) from one category to the next.
        for style in TextStyle.allCases {
            let sizes = ContentSizeCategory.allCases.map { DynamicType.size(for: style, category: $0) }
            XCTAssertEqual(sizes, sizes.sorted(), "\(style)")
        }
    }

    func testScalingABaseSize() {
        XCTAssertEqual(DynamicType.scaled(20, style: .title3, category: .large), 20)
        XCTAssertEqual(DynamicType.scaled(15, style: .body, category: .accessibilityExtraExtraExtraLarge),
                       15 * 53 / 17, accuracy: 1e-12)
        XCTAssertEqual(DynamicType.scaled(13, style: .footnote, category: .extraSmall), 12, accuracy: 1e-12)
    }
}
