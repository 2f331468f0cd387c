package harness

import (
	"fmt"
	"hash/crc32"
	"strings"
)

// Filler is the padding text both sides use: a, b, c, ... z, a, ...
func Filler(n int) string {
	var sb strings.Builder
	sb.Grow(n)
	for i := 0; i < n; i++ {
		sb.WriteByte(byte('a' + i%26))
	}
	return sb.String()
}

// CRC is the checksum the plugin reports for a padding it received.
func CRC(s string) int64 { return int64(crc32.ChecksumIEEE([]byte(s))) }

// PadTo finds filler lengths so that size(extra, filler) == target, where extra is a small
// second filler that steps over varint boundaries the main one would jump.
func PadTo(target int, size func(extra, filler int) int) (int, int, error) {
	for extra := 0; extra < 4; extra++ {
		lo, hi := 0, target
		for lo < hi {
			mid := (lo + hi) / 2
			if size(extra, mid) < target {
				lo = mid + 1
			} else {
				hi = mid
			}
		}
		if size(extra, lo) == target {
			return extra, lo, nil
		}
	}
	return 0, 0, fmt.Errorf("no padding reaches %d bytes", target)
}
