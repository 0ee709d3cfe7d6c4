// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// HTTP dates (RFC 9110 §5.6.7): formats IMF-fixdate, parses it and the two obsolete forms.
///
/// `Sun, 06 Nov 1994 08:49:37 GMT`, `Sunday, 06-Nov-94 08:49:37 GMT`, `Sun Nov  6 08:49:37 1994`.
public enum HTTPDate {
    private static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Formats `date` as an IMF-fixdate, whole seconds.
    public static func string(from date: Date) -> String {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        let days = seconds.floorDivided(by: 86_400)
        let secondOfDay = Int(seconds - days * 86_400)
        let (year, month, day) = civilDate(fromDays: days)
        let weekday = weekdays[Int(days.floorModulo(7))]
        func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let time = [secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60].map(twoDigits).joined(separator: ":")
        return "\(weekday), \(twoDigits(day)) \(months[month - 1]) \(year) \(time) GMT"
    }

    /// Parses an HTTP date; `nil` if `string` is in none of the three forms.
    public static func date(from string: String) -> Date? {
        let parts = string.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "-" }).map(String.init)
        let fields: (day: String, month: String, year: String, time: String)
        switch parts.count {
        case 6 where parts[5] == "GMT":  // IMF-fixdate or RFC 850
            fields = (parts[1], parts[2], parts[3], parts[4])
        case 5:  // asctime
            fields = (parts[2], parts[1], parts[4], parts[3])
        default:
            return nil
        }
        guard let day = Int(fields.day), let month = months.firstIndex(of: fields.month), var year = Int(fields.year)
        else { return nil }
        if fields.year.count == 2 { year += year < 70 ? 2000 : 1900 }
        let time = fields.time.split(separator: ":").compactMap { Int($0) }
        // Four-digit years only: a header may carry any number, and a year of 10^18 would
        // overflow the count of seconds.
        guard time.count == 3, (1...31).contains(day), (0...9999).contains(year), (0..<24).contains(time[0]),
            (0..<60).contains(time[1]), (0...60).contains(time[2])
        else { return nil }
        let days = daysFromCivil(year: year, month: month + 1, day: day)
        let seconds = days * 86_400 + Int64(time[0] * 3600 + time[1] * 60 + time[2])
        return Date(timeIntervalSince1970: Double(seconds))
    }

    /// Days since 1970-01-01 to a proleptic Gregorian date (H. Hinnant's `civil_from_days`).
    private static func civilDate(fromDays days: Int64) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = shifted.floorDivided(by: 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = Int(dayOfYear - (153 * monthIndex + 2) / 5 + 1)
        let month = Int(monthIndex < 10 ? monthIndex + 3 : monthIndex - 9)
        let year = Int(yearOfEra + era * 400) + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    /// A proleptic Gregorian date to days since 1970-01-01 (H. Hinnant's `days_from_civil`).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int64 {
        let adjustedYear = Int64(month <= 2 ? year - 1 : year)
        let era = adjustedYear.floorDivided(by: 400)
        let yearOfEra = adjustedYear - era * 400
        let monthIndex = Int64(month > 2 ? month - 3 : month + 9)
        let dayOfYear = (153 * monthIndex + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

extension Int64 {
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }

    fileprivate func floorModulo(_ divisor: Int64) -> Int64 {
        self - floorDivided(by: divisor) * divisor
    }
}
