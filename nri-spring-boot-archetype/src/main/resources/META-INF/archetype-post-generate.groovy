// The archetype copies files without their modes: the wrapper script is made executable again.
def wrapper = new File(new File(request.outputDirectory, request.artifactId), "mvnw")
if (!wrapper.setExecutable(true, false)) {
    throw new IllegalStateException("cannot make " + wrapper + " executable")
}
