// GronaOutput: how every front end writes files, apart from what is drawn. Rendering (Grona) never
// writes a file; the command line, the golden verifier and the server do, through here:
//
// AtomicFile.swift    every output: temporary file + rename, `-` for stdout, devices and FIFOs
//                     written through, symlinks followed, folders refused
// StagedFiles.swift   many files all or nothing: staged beside their destinations, renamed at the
//                     end, removed on failure or Ctrl-C (the process's one interrupt handler)
// FolderHandle.swift  writes inside one folder relative to its open descriptor, never through a
//                     link (the server's saves, renames, trash and uploads)
