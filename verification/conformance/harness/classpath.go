package harness

import (
	"os"
	"strings"
)

// ExpandClasspath reads a classpath whose entries may name files (prefixed with @) that hold
// more classpath, as Maven's build-classpath writes them.
func ExpandClasspath(spec string) (string, error) {
	var out []string
	for _, entry := range strings.Split(spec, string(os.PathListSeparator)) {
		if strings.HasPrefix(entry, "@") {
			data, err := os.ReadFile(entry[1:])
			if err != nil {
				return "", err
			}
			entry = strings.TrimSpace(string(data))
		}
		if entry != "" {
			out = append(out, entry)
		}
	}
	return strings.Join(out, string(os.PathListSeparator)), nil
}
