package build

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// ExtractApp extracts the Spring Boot jar with Boot's own tools (`-Djarmode=tools extract
// --layers`) into one directory per layer of the jar under dir, each holding app/: the
// application's jar at app/app.jar with its libraries in app/lib, run as `java -jar
// /app/app.jar`, which is the form a class-data cache can record (a fat jar's nested jars it
// cannot). It returns the jar's layers in the jar's order (`list-layers`): Spring Boot's
// defaults, least often changed first, or those of the jar's own layers configuration.
func ExtractApp(java, jar, dir string) ([]string, error) {
	list, err := exec.Command(java, "-Djarmode=tools", "-jar", jar, "list-layers").Output()
	if err != nil {
		return nil, fmt.Errorf("listing the layers of %s: %v", jar, err)
	}
	layers := strings.Fields(string(list))
	if len(layers) == 0 {
		return nil, fmt.Errorf("%s lists no layers", jar)
	}
	extracted := dir + ".extract"
	os.RemoveAll(extracted)
	defer os.RemoveAll(extracted)
	extract := exec.Command(java, "-Djarmode=tools", "-jar", jar, "extract", "--layers", "--destination", extracted)
	if out, err := extract.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("extracting %s: %v: %s", jar, err, out)
	}
	apps := 0
	for _, layer := range layers {
		layerDir := filepath.Join(extracted, layer)
		if err := os.MkdirAll(layerDir, 0o755); err != nil {
			return nil, err
		}
		entries, err := os.ReadDir(layerDir)
		if err != nil {
			return nil, err
		}
		app := filepath.Join(dir, layer, "app")
		if err := os.MkdirAll(app, 0o755); err != nil {
			return nil, err
		}
		for _, e := range entries {
			name := e.Name()
			target := filepath.Join(app, name)
			if filepath.Ext(name) == ".jar" && !e.IsDir() {
				// The application's jar, in the layer of its classes; Boot names it after the
				// artifact, the entrypoint wants a fixed name.
				target = filepath.Join(app, "app.jar")
				apps++
			}
			if err := os.Rename(filepath.Join(layerDir, name), target); err != nil {
				return nil, err
			}
		}
	}
	if apps != 1 {
		return nil, fmt.Errorf("extracting %s gave %d application jars, want 1", jar, apps)
	}
	return layers, nil
}
