// Command pause is the sandbox image's process: it waits for SIGTERM or SIGINT, which, as a
// container's PID 1, it gets only because it asks for them.
package main

import (
	"os"
	"os/signal"
	"syscall"
)

func main() {
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGTERM, syscall.SIGINT)
	<-stop
}
