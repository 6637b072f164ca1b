package benchmarks

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/unionflat/unionflat/gen"
	"github.com/unionflat/unionflat/internal/synthetic"
)

// One round of the generation part, on a fresh synthetic module.
type genRound struct {
	Load time.Duration // gen.Load: go list, parsing, type checking, the model
	Own  time.Duration // gen.GeneratePackages: the generator's own work
	CPU  time.Duration // the process's CPU time during Own (the garbage collector's included)
	Vet  time.Duration // go vet ./... on the module with its generated files
}

func (r genRound) generate() time.Duration { return r.Load + r.Own }

// generationChild names, in the environment of a child process of the
// test binary, the nonce of the one generation round it measures (see
// measureGenerationApart).
const generationChild = "UNIONFLAT_BENCH_GENERATION"

// measureGenerationApart measures one generation round in a fresh
// process, as the command runs: the test binary again, which TestMain
// sends to generationRound. A round measured in this process would find
// the heap the decoders left, which paces its collector as no generator
// run is paced.
func measureGenerationApart(nonce string) (genRound, error) {
	var r genRound
	err := runApart("the generation round", &r, generationChild+"="+nonce, "GOGC=", "GOMEMLIMIT=")
	return r, err
}

// runApart runs the test binary again, in a fresh process with env added
// to its environment (which TestMain reads to send it to its work), and
// reads into out the JSON the process writes (see writeApart); what
// names the work in errors.
func runApart(what string, out any, env ...string) error {
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	cmd := exec.Command(exe, "-test.run=^$")
	cmd.Env = append(os.Environ(), env...)
	cmd.Stderr = os.Stderr
	b, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("%s, in a process of its own: %v", what, err)
	}
	if err := json.Unmarshal(b, out); err != nil {
		return fmt.Errorf("%s, in a process of its own, wrote %q: %v", what, b, err)
	}
	return nil
}

// writeApart is the end of a process runApart started: it writes v to
// standard output as JSON and returns the process's exit code.
func writeApart(v any) int {
	if err := json.NewEncoder(os.Stdout).Encode(v); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// generationRound is the child process's whole work: it measures one
// round and writes it to standard output as JSON.
func generationRound(nonce string) int {
	r, err := measureGeneration(nonce)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return writeApart(r)
}

// measureGeneration writes a fresh synthetic module (200 unions, see
// package synthetic) into a temporary directory, generates it as
// gen.Generate does, timing gen.Load apart from GeneratePackages, writes
// the files and times go vet ./... on it. The nonce makes every file new
// to the build cache, so that neither go list nor go vet is answered
// from it.
func measureGeneration(nonce string) (genRound, error) {
	var r genRound
	root, err := filepath.Abs("../..")
	if err != nil {
		return r, err
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		return r, err
	}
	tmp, err := os.MkdirTemp("", "unionflat-synthetic-")
	if err != nil {
		return r, err
	}
	defer os.RemoveAll(tmp)
	if err := synthetic.WriteModule(tmp, root, sum, nonce); err != nil {
		return r, err
	}
	files, err := generateTimed(tmp, &r)
	if err != nil {
		return r, err
	}
	for _, f := range files {
		if err := os.WriteFile(f.Path, f.Content, 0o666); err != nil {
			return r, err
		}
	}
	start := time.Now()
	cmd := exec.Command("go", "vet", "./...")
	cmd.Dir, cmd.Env = tmp, append(os.Environ(), "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		return r, fmt.Errorf("go vet of the synthetic module: %v\n%s", err, out)
	}
	r.Vet = time.Since(start)
	return r, nil
}

// generateTimed is gen.Generate on dir, timed in two parts into r.
func generateTimed(dir string, r *genRound) ([]gen.File, error) {
	start := time.Now()
	pkgs, diags, err := gen.Load(gen.Config{Dir: dir, Patterns: []string{"./..."}})
	r.Load = time.Since(start)
	if err != nil {
		return nil, err
	}
	if len(diags) > 0 {
		return nil, fmt.Errorf("diagnostics: %v", diags[:min(len(diags), 5)])
	}
	cpu := processCPU()
	start = time.Now()
	res, err := gen.GeneratePackages(pkgs)
	r.Own, r.CPU = time.Since(start), processCPU()-cpu
	if err != nil {
		return nil, err
	}
	if len(res.Diagnostics) > 0 {
		return nil, fmt.Errorf("diagnostics: %v", res.Diagnostics[:min(len(res.Diagnostics), 5)])
	}
	files := res.Files
	if want := synthetic.Packages * synthetic.UnionsPerPackage; len(files) != want {
		return nil, fmt.Errorf("%d files generated, want %d", len(files), want)
	}
	return files, nil
}

// writeGeneration writes the generation part: the medians of its
// rounds.
func writeGeneration(w io.Writer, rs []genRound) {
	fmt.Fprintf(w, "### Generation of the synthetic module (%d unions, %d variants), cold caches, each round in a fresh process\n\n",
		synthetic.Packages*synthetic.UnionsPerPackage, synthetic.Packages*synthetic.UnionsPerPackage*synthetic.VariantsPerUnion)
	fmt.Fprintln(w, "| gen.Load (go list, type checking) s | generator's own s | its CPU s | generation s | go vet s | generation / go vet | own / go vet |")
	fmt.Fprintln(w, "|---:|---:|---:|---:|---:|---:|---:|")
	med := func(f func(genRound) float64) float64 {
		values := make([]float64, len(rs))
		for i, r := range rs {
			values[i] = f(r)
		}
		return median(values)
	}
	secs := func(f func(genRound) time.Duration) float64 {
		return med(func(r genRound) float64 { return f(r).Seconds() })
	}
	fmt.Fprintf(w, "| %.3f | %.3f | %.3f | %.3f | %.3f | %.2f | %.2f |\n",
		secs(func(r genRound) time.Duration { return r.Load }), secs(func(r genRound) time.Duration { return r.Own }),
		secs(func(r genRound) time.Duration { return r.CPU }), secs(genRound.generate),
		secs(func(r genRound) time.Duration { return r.Vet }),
		med(func(r genRound) float64 { return r.generate().Seconds() / r.Vet.Seconds() }),
		med(func(r genRound) float64 { return r.Own.Seconds() / r.Vet.Seconds() }))
	fmt.Fprintln(w)
}

// BenchmarkGenerate measures one generation of a fresh synthetic module
// per iteration, each in a fresh process, against go vet, reporting the
// parts in seconds (own-cpu-s is the process's CPU time during the
// generator's own part) and the ratio of generation (load and own) to go
// vet, the mean of each iteration's ratio.
func BenchmarkGenerate(b *testing.B) {
	var rounds []genRound
	for i := 0; b.Loop(); i++ {
		r, err := measureGenerationApart(fmt.Sprintf("bench-%d-%d", time.Now().UnixNano(), i))
		if err != nil {
			b.Fatal(err)
		}
		rounds = append(rounds, r)
	}
	var load, own, cpu, vet, ratio float64
	for _, r := range rounds {
		load += r.Load.Seconds()
		own += r.Own.Seconds()
		cpu += r.CPU.Seconds()
		vet += r.Vet.Seconds()
		ratio += r.generate().Seconds() / r.Vet.Seconds()
	}
	n := float64(len(rounds))
	b.ReportMetric(load/n, "load-s/op")
	b.ReportMetric(own/n, "own-s/op")
	b.ReportMetric(cpu/n, "own-cpu-s/op")
	b.ReportMetric(vet/n, "vet-s/op")
	b.ReportMetric(ratio/n, "gen/vet")
}

// TestSyntheticModule generates the synthetic module once, in a fresh
// process, and vets it: every file is
// generated without a diagnostic and go vet passes, so the generation part
// times real work on a module that builds, and the round comes back from
// its process whole.
func TestSyntheticModule(t *testing.T) {
	if testing.Short() {
		t.Skip("generates and vets 200 unions")
	}
	r, err := measureGenerationApart(fmt.Sprintf("test-%d", time.Now().UnixNano()))
	if err != nil {
		t.Fatal(err)
	}
	if r.Load <= 0 || r.Own <= 0 || r.CPU <= 0 || r.Vet <= 0 {
		t.Errorf("a part took no time: %+v", r)
	}
}

// BenchmarkGeneratePackages measures the generator's own work alone:
// the synthetic module is loaded once, and every iteration runs
// GeneratePackages over all its packages. cpu-ms/op is the process's CPU
// time per iteration (the garbage collector's and every goroutine's).
func BenchmarkGeneratePackages(b *testing.B) {
	root, err := filepath.Abs("../..")
	if err != nil {
		b.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	if err := synthetic.WriteModule(dir, root, sum, "bench"); err != nil {
		b.Fatal(err)
	}
	pkgs, diags, err := gen.Load(gen.Config{Dir: dir, Patterns: []string{"./..."}})
	if err != nil || len(diags) > 0 {
		b.Fatal(err, diags)
	}
	b.ReportAllocs()
	cpu := processCPU()
	for b.Loop() {
		if _, err := gen.GeneratePackages(pkgs); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(processCPU()-cpu)/float64(b.N)/1e6, "cpu-ms/op")
}
