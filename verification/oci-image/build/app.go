package build

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

// AppLayers are Spring Boot's layers, least often changed first; Boot's tools name them.
var AppLayers = []string{"dependencies", "spring-boot-loader", "snapshot-dependencies", "application"}

// ExtractApp extracts the Spring Boot jar with Boot's own tools (`-Djarmode=tools extract
// --layers`) into one directory per layer under dir, each holding app/: the application's
// jar at app/app.jar with its libraries in app/lib, run as `java -jar /app/app.jar`, which is
// the form a class-data cache can record (a fat jar's nested jars it cannot).
func ExtractApp(java, jar, dir string) error {
	extracted := dir + ".extract"
	os.RemoveAll(extracted)
	defer os.RemoveAll(extracted)
	extract := exec.Command(java, "-Djarmode=tools", "-jar", jar, "extract", "--layers", "--destination", extracted)
	if out, err := extract.CombinedOutput(); err != nil {
		return fmt.Errorf("extracting %s: %v: %s", jar, err, out)
	}
	for _, layer := range AppLayers {
		layerDir := filepath.Join(extracted, layer)
		if err := os.MkdirAll(layerDir, 0o755); err != nil {
			return err
		}
		entries, err := os.ReadDir(layerDir)
		if err != nil {
			return err
		}
		app := filepath.Join(dir, layer, "app")
		if err := os.MkdirAll(app, 0o755); err != nil {
			return err
		}
		for _, e := range entries {
			name := e.Name()
			if filepath.Ext(name) == ".jar" && layer == "application" {
				// Boot names the jar after the artifact; the entrypoint wants a fixed name.
				if err := os.Rename(filepath.Join(layerDir, name), filepath.Join(app, "app.jar")); err != nil {
					return err
				}
				continue
			}
			if err := os.Rename(filepath.Join(layerDir, name), filepath.Join(app, name)); err != nil {
				return err
			}
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "application", "app", "app.jar")); err != nil {
		return fmt.Errorf("extracting %s gave no application jar: %w", jar, err)
	}
	return nil
}
