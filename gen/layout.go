package gen

import (
	"bytes"
	"go/ast"
	"go/doc/comment"
	"go/parser"
	"go/token"
	"math"
	"slices"
	"strings"
	"sync"
	"text/tabwriter"
	"unicode"
)

// layout lays out one file as jennifer renders it, unformatted, the way
// go/format.Source would, for the code the generator emits and nothing
// more: it parses the file and prints the tree itself, then aligns the
// columns with text/tabwriter configured as gofmt configures it. It
// skips the most costly part of go/format (its printer measures and
// re-prints nodes to decide each line break), and it reports false for
// any file holding a construct it does not know how to lay out exactly
// as gofmt does (a function literal, a comment anywhere but above a
// declaration or alone in a block, a doc comment gofmt would rewrite, a
// directive, an import block out of order, a number gofmt would
// respell, ...): that file is formatted with
// go/format.Source instead. A test compares the two on every golden
// file, every generated file of the repository and seeded random
// packages.
func layout(src []byte) (out []byte, ok bool) {
	lines, ok := newLineTable(src)
	if !ok {
		return nil, false
	}
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, false
	}
	lines.base = fset.File(file.Pos()).Base()
	buf := printBuffers.Get().(*[]byte)
	p := &layoutPrinter{lines: lines, out: (*buf)[:0]}
	defer func() { *buf = p.out[:0]; printBuffers.Put(buf) }()
	defer func() {
		if r := recover(); r != nil {
			if r != errUnsure && layoutCrashed != nil {
				layoutCrashed(r)
			}
			out, ok = nil, false
		}
	}()
	p.file(file)
	return p.align(len(src)), true
}

// layoutCrashed, if set, is told of a panic in layout other than its
// giving up: the file still goes to go/format (a bug in layout must not
// stop generation), and the tests fail on it.
var layoutCrashed func(r any)

// printBuffers hold the buffers layout prints into before aligning: the
// aligned text is a copy, so they serve file after file.
var printBuffers = sync.Pool{New: func() any { return new([]byte) }}

// layoutHeader is how every generated file begins.
const layoutHeader = Header + "\n//go:build !" + BuildTag + "\n\npackage "

// errUnsure stops the layout of a file it cannot lay out exactly.
var errUnsure = &struct{ msg string }{"layout: not sure how gofmt lays this out"}

func unsure() { panic(errUnsure) }

// layoutPrinter writes a file as the input of a tabwriter: a tab per
// level of indentation, a vertical tab between the cells of aligned
// columns, a form feed where gofmt ends a run of aligned lines, and
// escape bytes around literals and comments that hold tabs or line
// breaks.
type layoutPrinter struct {
	lines  *lineTable
	out    []byte
	indent int
	bol    bool // at the beginning of a line: indentation is due
	last   int  // the source line the last thing printed ends on
	// comments are the file's comment groups, next the first not
	// printed yet.
	comments []*ast.CommentGroup
	next     int
}

// line is the source line of pos.
func (p *layoutPrinter) line(pos token.Pos) int { return p.lines.line(pos) }

// lineTable finds the line of a position: layout asks for lines all the
// time, mostly near the last one asked, and token.File.Line locks and
// searches the whole file every time.
type lineTable struct {
	base   int
	starts []int // the offset each line starts at
	hint   int   // the index of the line last found
}

// newLineTable finds where the lines of src start, or reports that src
// is not for layout: one that does not begin with the generated header
// (gofmt rewrites build constraints it finds anywhere else) or that
// holds a byte gofmt treats specially inside literals and comments (a
// carriage return, which it drops, a vertical tab or form feed, which
// its column writer would read, or 0xff, its column writer's escape).
func newLineTable(src []byte) (*lineTable, bool) {
	if !bytes.HasPrefix(src, []byte(layoutHeader)) {
		return nil, false
	}
	starts := make([]int, 1, bytes.Count(src, []byte("\n"))+1)
	for i, c := range src {
		switch c {
		case '\n':
			starts = append(starts, i+1)
		case '\r', '\v', '\f', '\xff':
			return nil, false
		}
	}
	return &lineTable{starts: starts}, true
}

// column is the 1-based byte column of pos.
func (t *lineTable) column(pos token.Pos) int {
	line := t.line(pos)
	if line == 0 {
		return 0
	}
	return int(pos) - t.base - t.starts[line-1] + 1
}

// line is the 1-based line of pos.
func (t *lineTable) line(pos token.Pos) int {
	off := int(pos) - t.base
	if off < 0 {
		return 0
	}
	h := t.hint
	if t.starts[h] <= off && (h+1 == len(t.starts) || off < t.starts[h+1]) {
		return h + 1
	}
	if h+2 < len(t.starts) && t.starts[h+1] <= off && off < t.starts[h+2] {
		t.hint = h + 1
		return h + 2
	}
	i, found := slices.BinarySearch(t.starts, off)
	if !found {
		i--
	}
	t.hint = i
	return i + 1
}

// text writes s, indenting it if it begins a line.
func (p *layoutPrinter) text(s string) {
	if p.bol {
		for range p.indent {
			p.out = append(p.out, '\t')
		}
		p.bol = false
	}
	p.out = append(p.out, s...)
}

// lit writes a literal or comment, escaped when it holds a tab or line
// break, so that the tabwriter reads it as one piece of text.
func (p *layoutPrinter) lit(s string) {
	if strings.ContainsAny(s, "\t\n") {
		p.text("\xff")
		p.out = append(p.out, s...)
		p.out = append(p.out, '\xff')
		return
	}
	p.text(s)
}

// cell ends an aligned cell.
func (p *layoutPrinter) cell() { p.out = append(p.out, '\v') }

// breaks writes n line breaks, the first a form feed if section.
func (p *layoutPrinter) breaks(n int, section bool) {
	for i := range n {
		if i == 0 && section {
			p.out = append(p.out, '\f')
		} else {
			p.out = append(p.out, '\n')
		}
	}
	if n > 0 {
		p.bol = true
	}
}

// linebreak breaks the line before something on source line line as
// gofmt does: as many breaks as the source has, at most two (one empty
// line), at least min; it returns how many it wrote. indent, if set,
// indents what follows first.
func (p *layoutPrinter) linebreak(line, min int, section bool, indent *bool) int {
	n := max(min, min2(line-p.last))
	if n > 0 && indent != nil && *indent {
		p.indent++
		*indent = false
	}
	p.breaks(n, section)
	return n
}

// min2 caps a number of line breaks at two, and at zero from below.
func min2(n int) int { return max(0, min(n, 2)) }

// align runs the printed file through a tabwriter set as gofmt sets it,
// then drops the escapes and the blanks that end lines. Only the runs of
// lines that hold a column go through the tabwriter: it ends a run at a
// form feed and after a line that holds no tab at all (a line of the top
// level), and passes the lines of a run without columns as they are.
func (p *layoutPrinter) align(size int) []byte {
	var aligned bytes.Buffer
	aligned.Grow(size + size/4)
	w := tabwriter.NewWriter(&aligned, 0, 8, 1, ' ', tabwriter.DiscardEmptyColumns|tabwriter.TabIndent)
	b := p.out
	start := 0 // where the run starts
	escaped, tabs, columns := false, false, false
	for i, c := range b {
		switch {
		case c == '\xff':
			escaped = !escaped
		case escaped:
		case c == '\t':
			tabs = true
		case c == '\v':
			tabs, columns = true, true
		case c == '\n' || c == '\f':
			if c == '\f' || !tabs {
				run := b[start : i+1]
				if columns {
					w.Write(run)
					w.Flush()
				} else {
					aligned.Write(run)
				}
				start, columns = i+1, false
			}
			tabs = false
		}
	}
	if columns {
		w.Write(b[start:])
		w.Flush()
	} else {
		aligned.Write(b[start:])
	}
	return trimLines(aligned.Bytes())
}

// trimLines drops the escape bytes and every blank or tab that ends a
// line outside an escaped piece of text, and ends with a newline the
// lines the tabwriter did not see that end with a form feed.
func trimLines(b []byte) []byte {
	// It works in place, copying whole runs: out never gets ahead of
	// where b is read, and a copy moves bytes only towards the start.
	out := b[:0]
	seg, keep := 0, 0 // the run not copied yet, and its end without trailing blanks
	escaped := false
	for i, c := range b {
		switch {
		case c == '\xff':
			out = append(out, b[seg:i]...) // an escaped text, or what comes before one, blanks and all
			escaped = !escaped
			seg, keep = i+1, i+1
		case escaped, c == ' ', c == '\t':
		case c == '\n' || c == '\f':
			out = append(append(out, b[seg:keep]...), '\n')
			seg, keep = i+1, i+1
		default:
			keep = i + 1
		}
	}
	if escaped {
		keep = len(b)
	}
	return append(out, b[seg:keep]...)
}

// file prints the header, the package clause and the declarations.
func (p *layoutPrinter) file(f *ast.File) {
	p.text(layoutHeader)
	if len(f.Comments) == 0 || len(f.Comments[0].List) != 2 || p.line(f.Package) != 4 {
		unsure()
	}
	p.comments, p.next = f.Comments, 1
	p.text(f.Name.Name)
	p.last = p.line(f.Name.End())
	var prev token.Token
	for i, d := range f.Decls {
		tok, doc := declToken(d)
		min := 1
		if i == 0 || tok != prev || doc != nil {
			min = 2
		}
		if doc != nil {
			p.comment(doc, min, d.Pos())
		} else {
			p.linebreak(p.line(d.Pos()), min, false, nil)
		}
		p.noCommentBefore(d.Pos())
		prev = tok
		p.decl(d)
		p.noCommentBefore(d.End())
	}
	if p.next != len(p.comments) {
		unsure()
	}
	p.breaks(1, false)
}

// noCommentBefore gives up if a comment before pos is still to print:
// layout prints comments above declarations and specs and alone in a
// block, nowhere else.
func (p *layoutPrinter) noCommentBefore(pos token.Pos) {
	if p.next < len(p.comments) && p.comments[p.next].Pos() < pos {
		unsure()
	}
}

// declToken is a declaration's keyword and doc comment.
func declToken(d ast.Decl) (token.Token, *ast.CommentGroup) {
	switch d := d.(type) {
	case *ast.GenDecl:
		return d.Tok, d.Doc
	case *ast.FuncDecl:
		return token.FUNC, d.Doc
	}
	unsure()
	return 0, nil
}

// comment prints a comment group on lines of its own, after the empty
// line the source has before it or min line breaks, then breaks the line
// before next, the token it comes before (on the next source line, or
// the parser would not have called it a doc comment). A group gofmt
// would rewrite as a doc comment must already be as gofmt writes it.
func (p *layoutPrinter) comment(g *ast.CommentGroup, min int, next token.Pos) {
	if p.next >= len(p.comments) || p.comments[p.next] != g {
		unsure()
	}
	p.next++
	for _, c := range g.List {
		if !strings.HasPrefix(c.Text, "//") || isDirective(c.Text[2:]) || strings.HasPrefix(c.Text, "// +build") {
			unsure()
		}
	}
	if p.lines.column(g.Pos()) == 1 && g.End()+1 == next && !docCommentCanonical(g) {
		unsure()
	}
	for i, c := range g.List {
		n := p.line(c.Pos()) - p.last
		if n < 1 {
			unsure()
		}
		if i == 0 {
			n = max(min2(n), min)
		}
		p.breaks(n, true)
		p.lit(strings.TrimRightFunc(c.Text, unicode.IsSpace))
		p.last = p.line(c.Pos())
	}
	p.breaks(1, false)
	p.last++
}

// docCommentCanonical reports whether a group of // comments is as
// gofmt writes a doc comment: gofmt reformats a group that begins a
// line and ends right before the next token's line begins (a doc
// comment, the way jennifer writes one) with go/doc/comment, which
// rewrites lists, code blocks, headings and blank lines. The group's
// text is parsed and printed the same way and must come out line for
// line as it is.
func docCommentCanonical(g *ast.CommentGroup) bool {
	var text strings.Builder
	for _, c := range g.List {
		text.WriteString(strings.TrimPrefix(c.Text[2:], " "))
		text.WriteByte('\n')
	}
	if strings.TrimSpace(text.String()) == "" {
		return false
	}
	var parser comment.Parser
	var printer comment.Printer
	out := printer.Comment(parser.Parse(text.String()))
	for _, c := range g.List {
		line, rest, _ := bytes.Cut(out, []byte("\n"))
		out = rest
		want := strings.TrimRightFunc(c.Text, unicode.IsSpace)
		switch {
		case len(line) == 0:
			if want != "//" {
				return false
			}
		case line[0] == '\t':
			if want != "//"+string(line) {
				return false
			}
		default:
			if want != "// "+string(line) {
				return false
			}
		}
	}
	return len(out) == 0
}

// isDirective reports whether the text of a // comment after the
// slashes is a directive (//line, //extern, //export, or a word, a
// colon and a word, as //go:build), which gofmt moves or keeps apart.
func isDirective(c string) bool {
	if strings.HasPrefix(c, "line ") || strings.HasPrefix(c, "extern ") || strings.HasPrefix(c, "export ") || strings.HasPrefix(c, "+build") {
		return true
	}
	colon := strings.IndexByte(c, ':')
	if colon <= 0 || colon+1 >= len(c) {
		return false
	}
	for i := 0; i <= colon+1; i++ {
		if i == colon {
			continue
		}
		if b := c[i]; !('a' <= b && b <= 'z' || '0' <= b && b <= '9') {
			return false
		}
	}
	return true
}

// decl prints a declaration.
func (p *layoutPrinter) decl(d ast.Decl) {
	switch d := d.(type) {
	case *ast.GenDecl:
		p.genDecl(d)
	case *ast.FuncDecl:
		p.funcDecl(d)
	}
}

// genDecl prints an import, const, var or type declaration, alone or as
// a group.
func (p *layoutPrinter) genDecl(d *ast.GenDecl) {
	p.text(d.Tok.String() + " ")
	if !d.Lparen.IsValid() {
		if len(d.Specs) != 1 {
			unsure()
		}
		p.spec(d.Specs[0], false)
		return
	}
	p.text("(")
	if len(d.Specs) == 0 {
		unsure()
	}
	if d.Tok == token.IMPORT {
		checkImportOrder(d.Specs)
	}
	p.indent++
	p.last = p.line(d.Lparen)
	values := len(d.Specs) > 1 && (d.Tok == token.CONST || d.Tok == token.VAR)
	var keep []bool
	if values {
		keep = keepTypeColumn(d.Specs)
	}
	multi := false
	for i, s := range d.Specs {
		if doc := specDoc(s); doc != nil {
			if i == 0 && p.line(doc.Pos())-p.last != 1 {
				unsure()
			}
			p.comment(doc, 1, s.Pos())
		} else {
			if i == 0 && p.line(s.Pos())-p.last != 1 {
				unsure()
			}
			p.linebreak(p.line(s.Pos()), 1, i == 0 || multi, nil)
		}
		start := len(p.out)
		if values {
			p.valueSpec(s.(*ast.ValueSpec), keep[i])
		} else {
			p.spec(s, len(d.Specs) > 1)
		}
		multi = bytes.ContainsAny(p.out[start:], "\n\f")
		p.last = p.line(s.End())
	}
	p.indent--
	if p.line(d.Rparen)-p.last != 1 {
		unsure()
	}
	p.breaks(1, true)
	p.text(")")
	p.last = p.line(d.Rparen)
}

// checkImportOrder gives up on an import block gofmt would sort: one
// whose paths are not in strictly increasing order.
func checkImportOrder(specs []ast.Spec) {
	for i := 1; i < len(specs); i++ {
		a, b := specs[i-1].(*ast.ImportSpec), specs[i].(*ast.ImportSpec)
		if a.Path.Value >= b.Path.Value {
			unsure()
		}
	}
}

// specDoc is a spec's doc comment; a spec with a line comment is beyond
// layout.
func specDoc(s ast.Spec) *ast.CommentGroup {
	switch s := s.(type) {
	case *ast.ImportSpec:
		if s.Comment != nil || s.Doc != nil {
			unsure()
		}
		return nil
	case *ast.ValueSpec:
		if s.Comment != nil {
			unsure()
		}
		return s.Doc
	case *ast.TypeSpec:
		if s.Comment != nil {
			unsure()
		}
		return s.Doc
	}
	unsure()
	return nil
}

// keepTypeColumn tells, for each spec of a const or var group, whether
// its type column stays even when it has no type: gofmt keeps it for
// every spec of a run of specs with values in which one spec has a type.
func keepTypeColumn(specs []ast.Spec) []bool {
	keep := make([]bool, len(specs))
	for i := 0; i < len(specs); {
		if specs[i].(*ast.ValueSpec).Values == nil {
			i++
			continue
		}
		j, typed := i, false
		for ; j < len(specs) && specs[j].(*ast.ValueSpec).Values != nil; j++ {
			typed = typed || specs[j].(*ast.ValueSpec).Type != nil
		}
		for k := i; k < j; k++ {
			keep[k] = typed
		}
		i = j
	}
	return keep
}

// valueSpec prints a spec of a const or var group in columns: names,
// type, then = and values.
func (p *layoutPrinter) valueSpec(s *ast.ValueSpec, keepType bool) {
	p.idents(s.Names)
	if s.Type != nil || keepType {
		p.cell()
	}
	if s.Type != nil {
		p.expr(s.Type)
	}
	if s.Values != nil {
		p.cell()
		p.text("= ")
		p.exprList(token.NoPos, s.Values, 1, false, token.NoPos)
	}
}

// spec prints an import, a type, or a value spec that is alone.
func (p *layoutPrinter) spec(s ast.Spec, grouped bool) {
	switch s := s.(type) {
	case *ast.ImportSpec:
		if s.Name != nil {
			p.text(s.Name.Name + " ")
		}
		p.lit(s.Path.Value)
		p.last = p.line(s.End())
	case *ast.ValueSpec:
		if s.Comment != nil {
			unsure()
		}
		p.idents(s.Names)
		if s.Type != nil {
			p.text(" ")
			p.expr(s.Type)
		}
		if s.Values != nil {
			p.text(" = ")
			p.exprList(token.NoPos, s.Values, 1, false, token.NoPos)
		}
	case *ast.TypeSpec:
		if s.Comment != nil || s.TypeParams != nil {
			unsure()
		}
		p.text(s.Name.Name)
		if grouped {
			p.cell()
		} else {
			p.text(" ")
		}
		if s.Assign.IsValid() {
			p.text("= ")
		}
		p.expr(s.Type)
	default:
		unsure()
	}
}

// idents prints a list of names on one line.
func (p *layoutPrinter) idents(list []*ast.Ident) {
	for i, x := range list {
		if i > 0 {
			p.text(", ")
		}
		p.text(x.Name)
	}
	p.last = p.line(list[len(list)-1].End())
}

// funcDecl prints a function or method; its body is always a block of
// lines (a body on one line, which gofmt may keep on one line, is
// beyond layout).
func (p *layoutPrinter) funcDecl(d *ast.FuncDecl) {
	p.text("func ")
	start := len(p.out) - len("func ")
	if d.Recv != nil {
		p.params(d.Recv)
		p.text(" ")
	}
	p.text(d.Name.Name)
	p.signature(d.Type)
	if d.Body == nil {
		return
	}
	if p.line(d.Body.Lbrace) == p.line(d.Body.Rbrace) {
		p.oneLineBody(d.Body, p.out[start:])
		return
	}
	p.text(" ")
	p.block(d.Body, 1)
}

// oneLineBody prints a function body the source has on one line: gofmt
// keeps an empty one so, in a column of its own, when the header before
// it is at most 100 bytes wide. (A body with statements, or after a
// header on several lines or not all ASCII, is beyond layout.)
func (p *layoutPrinter) oneLineBody(b *ast.BlockStmt, header []byte) {
	if len(b.List) > 0 || p.next < len(p.comments) && p.comments[p.next].Pos() < b.Rbrace {
		unsure()
	}
	if bytes.ContainsAny(header, "\n\f\xff") || !isASCII(header) {
		unsure()
	}
	if len(header) > 100 {
		p.text(" {\n")
		p.bol = true
		p.text("}")
		p.last = p.line(b.Rbrace)
		return
	}
	p.cell()
	p.text("{}")
	p.last = p.line(b.Rbrace)
}

// isASCII reports whether b is ASCII only, where layout measures widths
// in bytes.
func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return false
		}
	}
	return true
}

// signature prints type parameters, parameters and results.
func (p *layoutPrinter) signature(t *ast.FuncType) {
	if t.TypeParams != nil {
		unsure()
	}
	p.params(t.Params)
	res := t.Results
	if res.NumFields() == 0 {
		return
	}
	p.text(" ")
	if res.NumFields() == 1 && res.List[0].Names == nil {
		p.expr(unparen(res.List[0].Type))
		return
	}
	p.params(res)
}

// unparen strips the parentheses around a parameter's type.
func unparen(x ast.Expr) ast.Expr {
	for {
		par, ok := x.(*ast.ParenExpr)
		if !ok {
			return x
		}
		x = par.X
	}
}

// params prints a parameter list, one parameter a line where the source
// breaks it.
func (p *layoutPrinter) params(fl *ast.FieldList) {
	p.text("(")
	p.last = p.line(fl.Opening)
	indent := true
	prevLine := p.last
	for i, par := range fl.List {
		begin := p.line(par.Pos())
		broken := prevLine < begin
		if i > 0 {
			p.text(",")
		}
		if !(broken && p.linebreak(begin, 0, true, &indent) > 0) && i > 0 {
			p.text(" ")
		}
		if len(par.Names) > 0 {
			if p.line(par.Names[0].Pos()) != p.line(par.Names[len(par.Names)-1].End()) {
				unsure()
			}
			p.idents(par.Names)
			p.text(" ")
		}
		p.expr(unparen(par.Type))
		prevLine = p.line(par.End())
		p.last = prevLine
	}
	if closing := p.line(fl.Closing); len(fl.List) > 0 && prevLine < closing {
		p.text(",")
		p.linebreak(closing, 0, true, nil)
	}
	if !indent {
		p.indent--
	}
	p.text(")")
	p.last = p.line(fl.Closing)
}

// block prints a block: its statements one a line, indented.
func (p *layoutPrinter) block(b *ast.BlockStmt, nindent int) {
	p.text("{")
	p.last = p.line(b.Lbrace)
	p.stmtList(b.List, nindent)
	if len(b.List) == 0 && p.blockComment(b) {
		p.text("}")
		p.last = p.line(b.Rbrace)
		return
	}
	p.linebreak(p.line(b.Rbrace), 1, true, nil)
	p.text("}")
	p.last = p.line(b.Rbrace)
}

// blockComment prints a comment group that is alone in an empty block,
// on the line after the opening brace and before the closing one.
func (p *layoutPrinter) blockComment(b *ast.BlockStmt) bool {
	if p.next >= len(p.comments) || p.comments[p.next].Pos() > b.Rbrace {
		return false
	}
	g := p.comments[p.next]
	lb, rb := p.line(b.Lbrace), p.line(b.Rbrace)
	if len(g.List) != 1 || p.line(g.Pos()) != lb+1 || rb != lb+2 {
		unsure()
	}
	p.indent++
	p.comment(g, 1, b.Rbrace)
	p.indent--
	return true
}

// stmtList prints statements, one a line, with the empty lines the
// source has between them (one at most).
func (p *layoutPrinter) stmtList(list []ast.Stmt, nindent int) {
	p.indent += nindent
	multi := false
	for i, s := range list {
		if _, empty := s.(*ast.EmptyStmt); empty {
			unsure()
		}
		p.linebreak(p.line(s.Pos()), 1, i == 0 || nindent == 0 || multi, nil)
		start := len(p.out)
		p.stmt(s)
		multi = bytes.ContainsAny(p.out[start:], "\n\f")
		p.last = p.line(s.End())
	}
	p.indent -= nindent
}

// stmt prints a statement.
func (p *layoutPrinter) stmt(s ast.Stmt) {
	switch s := s.(type) {
	case *ast.DeclStmt:
		d, ok := s.Decl.(*ast.GenDecl)
		if !ok || d.Doc != nil {
			unsure()
		}
		p.genDecl(d)
	case *ast.ExprStmt:
		p.expr(s.X)
	case *ast.IncDecStmt:
		p.expr1(s.X, token.LowestPrec, 2)
		p.text(s.Tok.String())
	case *ast.AssignStmt:
		depth := 1
		if len(s.Lhs) > 1 && len(s.Rhs) > 1 {
			depth++
		}
		p.exprList(s.Pos(), s.Lhs, depth, false, s.TokPos)
		p.text(" " + s.Tok.String() + " ")
		p.last = p.line(s.TokPos)
		p.exprList(s.TokPos, s.Rhs, depth, false, token.NoPos)
	case *ast.ReturnStmt:
		p.text("return")
		if len(s.Results) > 0 {
			if indentList(p, s.Results) {
				unsure()
			}
			p.text(" ")
			p.exprList(token.NoPos, s.Results, 1, false, token.NoPos)
		}
	case *ast.BranchStmt:
		if s.Label != nil {
			unsure()
		}
		p.text(s.Tok.String())
	case *ast.BlockStmt:
		p.block(s, 1)
	case *ast.IfStmt:
		p.text("if")
		p.control(s.Init, s.Cond)
		p.block(s.Body, 1)
		if s.Else != nil {
			p.text(" else ")
			switch e := s.Else.(type) {
			case *ast.BlockStmt, *ast.IfStmt:
				p.stmt(e)
			default:
				unsure()
			}
		}
	case *ast.CaseClause:
		if s.List != nil {
			p.text("case ")
			p.exprList(s.Pos(), s.List, 1, false, s.Colon)
		} else {
			p.text("default")
		}
		p.text(":")
		p.last = p.line(s.Colon)
		p.stmtList(s.Body, 1)
	case *ast.SwitchStmt:
		p.text("switch")
		p.control(s.Init, s.Tag)
		p.block(s.Body, 0)
	case *ast.TypeSwitchStmt:
		p.text("switch ")
		if s.Init != nil {
			p.stmt(s.Init)
			p.text("; ")
		}
		p.stmt(s.Assign)
		p.text(" ")
		p.block(s.Body, 0)
	case *ast.RangeStmt:
		p.text("for ")
		if s.Key != nil {
			p.expr(s.Key)
			if s.Value != nil {
				p.text(", ")
				p.expr(s.Value)
			}
			p.text(" " + s.Tok.String() + " ")
		}
		p.text("range ")
		p.expr(noParens(s.X))
		p.text(" ")
		p.block(s.Body, 1)
	case *ast.ForStmt:
		p.text("for")
		if s.Init != nil || s.Post != nil {
			unsure()
		}
		p.control(nil, s.Cond)
		p.block(s.Body, 1)
	default:
		unsure()
	}
}

// indentList reports whether gofmt would indent a list of results as a
// whole: where it spans lines and an element begins on a later line than
// the one before ends, or two elements span lines.
func indentList(p *layoutPrinter, list []ast.Expr) bool {
	if len(list) < 2 || p.line(list[0].Pos()) == p.line(list[len(list)-1].End()) {
		return false
	}
	multi, line := 0, p.line(list[0].Pos())
	for _, x := range list {
		begin, end := p.line(x.Pos()), p.line(x.End())
		if line < begin {
			return true
		}
		if begin < end {
			multi++
		}
		line = end
	}
	return multi > 1
}

// control prints the clause of an if or switch: the init statement and
// the condition or tag, on one line.
func (p *layoutPrinter) control(init ast.Stmt, x ast.Expr) {
	p.text(" ")
	if init != nil {
		p.stmt(init)
		p.text("; ")
	}
	if x != nil {
		p.expr(noParens(x))
		p.text(" ")
	}
}

// noParens strips the parentheses around a condition or range operand
// as gofmt does: unless a composite literal of a named type is inside,
// not in parentheses of its own (the braces would then open the block).
func noParens(x ast.Expr) ast.Expr {
	px, ok := x.(*ast.ParenExpr)
	if !ok {
		return x
	}
	strip := true
	ast.Inspect(px.X, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ParenExpr:
			return false
		case *ast.CompositeLit:
			strip = strip && !isTypeName(n.Type)
			return false
		}
		return true
	})
	if strip {
		return noParens(px.X)
	}
	return x
}

// isTypeName reports whether x is a type's name, qualified or not.
func isTypeName(x ast.Expr) bool {
	switch x := x.(type) {
	case *ast.Ident:
		return true
	case *ast.SelectorExpr:
		return isTypeName(x.X)
	}
	return false
}

// expr prints an expression at depth 1.
func (p *layoutPrinter) expr(x ast.Expr) { p.expr1(x, token.LowestPrec, 1) }

// expr1 prints an expression whose context binds at prec1, at a depth
// that decides the blanks around binary operators (see binary).
func (p *layoutPrinter) expr1(x ast.Expr, prec1, depth int) {
	switch x := x.(type) {
	case *ast.Ident:
		p.text(x.Name)
	case *ast.BasicLit:
		p.basicLit(x)
	case *ast.BinaryExpr:
		if x.Op.Precedence() < prec1 {
			unsure()
		}
		p.binary(x, binaryCutoff(x, depth), depth)
	case *ast.KeyValueExpr:
		p.sameLine(x.Key.End(), x.Value.Pos())
		p.expr(x.Key)
		p.text(": ")
		p.expr(x.Value)
	case *ast.StarExpr:
		if token.UnaryPrec < prec1 {
			unsure()
		}
		p.text("*")
		p.expr(x.X)
	case *ast.UnaryExpr:
		if token.UnaryPrec < prec1 || x.Op == token.RANGE || x.Op == token.ARROW {
			unsure()
		}
		p.text(x.Op.String())
		p.expr1(x.X, token.UnaryPrec, depth)
	case *ast.ParenExpr:
		if _, double := x.X.(*ast.ParenExpr); double {
			unsure()
		}
		p.text("(")
		p.expr1(x.X, token.LowestPrec, max(1, depth-1))
		p.text(")")
	case *ast.SelectorExpr:
		p.expr1(x.X, token.HighestPrec, depth)
		p.sameLine(x.X.End(), x.Sel.Pos())
		p.text(".")
		p.text(x.Sel.Name)
	case *ast.TypeAssertExpr:
		p.expr1(x.X, token.HighestPrec, depth)
		p.text(".(")
		if x.Type != nil {
			p.expr(x.Type)
		} else {
			p.text("type")
		}
		p.text(")")
	case *ast.IndexExpr:
		p.expr1(x.X, token.HighestPrec, 1)
		p.text("[")
		p.sameLine(x.Lbrack, x.Rbrack)
		p.expr1(x.Index, token.LowestPrec, depth+1)
		p.text("]")
	case *ast.SliceExpr: // s[:n], s[i:]: gofmt puts blanks around the colon only beside a binary operand
		if x.Slice3 || !simpleIndex(x.Low) || !simpleIndex(x.High) {
			unsure()
		}
		p.expr1(x.X, token.HighestPrec, 1)
		p.text("[")
		p.sameLine(x.Lbrack, x.Rbrack)
		if x.Low != nil {
			p.expr(x.Low)
		}
		p.text(":")
		if x.High != nil {
			p.expr(x.High)
		}
		p.text("]")
	case *ast.IndexListExpr:
		p.expr1(x.X, token.HighestPrec, 1)
		p.text("[")
		p.sameLine(x.Lbrack, x.Rbrack)
		p.exprList(x.Lbrack, x.Indices, depth+1, true, x.Rbrack)
		p.text("]")
	case *ast.CallExpr:
		p.call(x, depth)
	case *ast.CompositeLit:
		if x.Type != nil {
			p.expr1(x.Type, token.HighestPrec, depth)
		}
		p.text("{")
		p.last = p.line(x.Lbrace)
		p.exprList(x.Lbrace, x.Elts, 1, true, x.Rbrace)
		p.text("}")
	case *ast.ArrayType:
		p.text("[")
		if x.Len != nil {
			p.expr(x.Len)
		}
		p.text("]")
		p.expr(x.Elt)
	case *ast.MapType:
		p.text("map[")
		p.expr(x.Key)
		p.text("]")
		p.expr(x.Value)
	case *ast.StructType:
		p.text("struct")
		p.structFields(x.Fields)
	default:
		unsure()
	}
	p.last = p.line(x.End())
}

// sameLine gives up where the source breaks a line gofmt would keep.
func (p *layoutPrinter) sameLine(a, b token.Pos) {
	if p.line(a) != p.line(b) {
		unsure()
	}
}

// basicLit prints a literal; a number gofmt would respell (an upper
// case prefix or exponent, an imaginary number) is beyond layout.
func (p *layoutPrinter) basicLit(x *ast.BasicLit) {
	switch x.Kind {
	case token.INT, token.FLOAT:
		if strings.ContainsAny(x.Value, "XOBEPxobp_") {
			unsure()
		}
		p.text(x.Value)
	case token.STRING, token.CHAR:
		p.lit(x.Value)
	default:
		unsure()
	}
}

// call prints a call; arguments spread over lines stay so, indented.
func (p *layoutPrinter) call(x *ast.CallExpr, depth int) {
	if len(x.Args) > 1 {
		depth++
	}
	switch x.Fun.(type) {
	case *ast.FuncType, *ast.ChanType:
		unsure()
	}
	if sel, ok := x.Fun.(*ast.SelectorExpr); ok {
		p.expr1(sel.X, token.HighestPrec, depth)
		p.sameLine(sel.X.End(), sel.Sel.Pos())
		p.text("." + sel.Sel.Name)
	} else {
		p.expr1(x.Fun, token.HighestPrec, depth)
	}
	p.text("(")
	p.last = p.line(x.Lparen)
	if x.Ellipsis.IsValid() {
		if p.line(x.Ellipsis) != p.line(x.Rparen) {
			unsure()
		}
		p.exprList(x.Lparen, x.Args, depth, false, x.Ellipsis)
		p.text("...")
	} else {
		p.exprList(x.Lparen, x.Args, depth, true, x.Rparen)
	}
	p.text(")")
}

// binaryCutoff is the precedence below which a binary operator of x
// gets blanks around it: at depth 1, every operator, unless the
// expression mixes additive and multiplicative ones, which only the
// additive get; deeper, only comparisons and logical operators. (A unary
// operand that would clash with the operator without a blank is beyond
// layout.)
func binaryCutoff(x *ast.BinaryExpr, depth int) int {
	add, mul := precedences(x)
	switch {
	case add && mul && depth == 1:
		return 5
	case depth == 1:
		return 6
	}
	return 4
}

// simpleIndex reports whether a slice index is absent, a name or a
// literal, which gofmt writes beside the colon with no blank.
func simpleIndex(x ast.Expr) bool {
	switch x.(type) {
	case nil, *ast.Ident, *ast.BasicLit:
		return true
	}
	return false
}

// precedences reports whether x has additive (4) and multiplicative (5)
// operators, not counting those inside operands that will need
// parentheses (those count as primary expressions).
func precedences(x *ast.BinaryExpr) (add, mul bool) {
	prec := x.Op.Precedence()
	add, mul = prec == 4, prec == 5
	if l, ok := x.X.(*ast.BinaryExpr); ok && l.Op.Precedence() >= prec {
		a, m := precedences(l)
		add, mul = add || a, mul || m
	}
	switch y := x.Y.(type) {
	case *ast.BinaryExpr:
		if y.Op.Precedence() > prec {
			a, m := precedences(y)
			add, mul = add || a, mul || m
		}
	case *ast.StarExpr:
		if x.Op == token.QUO {
			unsure()
		}
	case *ast.UnaryExpr:
		switch x.Op.String() + y.Op.String() {
		case "/*", "&&", "&^", "++", "--":
			unsure()
		}
	}
	return add, mul
}

// binary prints a binary expression: blanks around the operator below
// the cutoff, and the right operand on the next line, indented, where
// the source breaks after the operator.
func (p *layoutPrinter) binary(x *ast.BinaryExpr, cutoff, depth int) {
	prec := x.Op.Precedence()
	blank := prec < cutoff
	p.expr1(x.X, prec, depth+diffPrec(x.X, prec))
	if p.line(x.OpPos) != p.line(x.X.End()) {
		unsure()
	}
	if blank {
		p.text(" ")
	}
	p.text(x.Op.String())
	indent := true
	if yline := p.line(x.Y.Pos()); yline != p.last {
		if p.linebreak(yline, 1, true, &indent) > 0 {
			blank = false
		}
	}
	if blank {
		p.text(" ")
	}
	p.expr1(x.Y, prec+1, depth+1)
	if !indent {
		p.indent--
	}
}

// diffPrec is 0 for a binary operand of the same precedence as its
// parent's, 1 for anything else.
func diffPrec(x ast.Expr, prec int) int {
	if b, ok := x.(*ast.BinaryExpr); ok && b.Op.Precedence() == prec {
		return 0
	}
	return 1
}

// exprList prints a comma-separated list that follows the token at
// open and precedes the one at next: on one line if the source has it
// on the line of open, else broken where the source breaks it, the
// lines indented, key: value pairs on lines of their own aligned at the
// value, and with a comma at the end and next on a line of its own
// where the source puts it there (commaTerm).
func (p *layoutPrinter) exprList(open token.Pos, list []ast.Expr, depth int, commaTerm bool, next token.Pos) {
	if len(list) == 0 {
		if commaTerm && next.IsValid() && p.line(next) != p.last {
			unsure()
		}
		return
	}
	line := p.line(list[0].Pos())
	if !open.IsValid() {
		// gofmt breaks such a list only where the source does; layout
		// keeps to lists whose elements begin on the line the one
		// before ends.
		for i, x := range list {
			if i > 0 {
				p.sameLine(list[i-1].End(), x.Pos())
				p.text(", ")
			}
			p.expr1(x, token.LowestPrec, depth)
		}
		if commaTerm {
			unsure()
		}
		return
	}
	if p.line(open) == line && line == p.line(list[len(list)-1].End()) {
		for i, x := range list {
			if i > 0 {
				p.text(", ")
			}
			p.expr1(x, token.LowestPrec, depth)
		}
		if commaTerm && next.IsValid() && p.line(next) != line {
			unsure()
		}
		return
	}
	indent := true
	prevBreak := -1
	if p.line(open) < line && p.linebreak(line, 0, true, &indent) > 0 {
		prevBreak = 0
	}
	size, count, lnsum := 0, 0, 0.0
	prevLine := p.line(open)
	for i, x := range list {
		line = p.line(x.Pos())
		prevSize := size
		size = 0
		if next.IsValid() {
			size = p.elementSize(x)
		}
		useFF := true
		if prevSize > 0 && size > 0 {
			if count == 0 || prevSize <= 40 && size <= 40 {
				useFF = false
			} else {
				ratio := float64(size) / math.Exp(lnsum/float64(count))
				useFF = 2.5*ratio <= 1 || 2.5 <= ratio
			}
		}
		broken := prevLine < line
		if i > 0 {
			p.text(",")
			blank := true
			if broken {
				n := p.linebreak(line, 0, useFF || prevBreak+1 < i, &indent)
				if n > 0 {
					prevBreak = i
					blank = false
				}
				if n > 1 {
					lnsum, count = 0, 0
				}
			}
			if blank {
				p.text(" ")
			}
		}
		if pair, ok := x.(*ast.KeyValueExpr); ok && len(list) > 1 && size > 0 && broken {
			p.expr(pair.Key)
			p.text(":")
			p.cell()
			p.expr(pair.Value)
		} else {
			p.expr1(x, token.LowestPrec, depth)
		}
		if size > 0 {
			lnsum += math.Log(float64(size))
			count++
		}
		prevLine = line
		p.last = p.line(x.End())
	}
	p.closeList(commaTerm, next, indent)
}

// closeList ends a list: where next is on a later line, with a comma and
// a line break (the source must have next on the very next line), and
// undoes the list's indentation.
func (p *layoutPrinter) closeList(commaTerm bool, next token.Pos, indent bool) {
	if commaTerm && next.IsValid() && p.last < p.line(next) {
		if p.line(next)-p.last != 1 {
			unsure()
		}
		p.text(",")
		if !indent {
			p.indent--
		}
		p.breaks(1, true)
		p.last = p.line(next)
		return
	}
	if !indent {
		p.indent--
	}
}

// elementSize is the width gofmt measures for an element of a list
// spread over lines: 0 for one that spans lines, the key's width for a
// key: value pair, else the element's.
func (p *layoutPrinter) elementSize(x ast.Expr) int {
	if p.line(x.Pos()) != p.line(x.End()) {
		return 0
	}
	if pair, ok := x.(*ast.KeyValueExpr); ok {
		x = pair.Key
	}
	switch x := x.(type) {
	case *ast.Ident:
		return len(x.Name)
	case *ast.BasicLit:
		return len(x.Value)
	}
	sub := &layoutPrinter{lines: p.lines, last: p.line(x.Pos())}
	sub.expr(x)
	if bytes.ContainsAny(sub.out, "\n\f\v\xff") {
		unsure()
	}
	return len(sub.out)
}

// structFields prints a struct type's fields: {} where it has none and
// the source closes it on the same line, else one field a line, names,
// types and tags in columns.
func (p *layoutPrinter) structFields(fl *ast.FieldList) {
	open, closing := p.line(fl.Opening), p.line(fl.Closing)
	if open == closing {
		if len(fl.List) > 0 {
			unsure()
		}
		p.text("{}")
		return
	}
	p.text(" {")
	p.indent++
	if len(fl.List) == 0 || p.line(fl.List[0].Pos())-open != 1 {
		unsure()
	}
	p.last = open
	multi := false
	for i, f := range fl.List {
		if f.Doc != nil || f.Comment != nil {
			unsure()
		}
		p.linebreak(p.line(f.Pos()), 1, i == 0 || multi, nil)
		start := len(p.out)
		sep := func() {
			if len(fl.List) == 1 {
				p.text(" ")
			} else {
				p.cell()
			}
		}
		if len(f.Names) > 0 {
			p.idents(f.Names)
			sep()
			p.expr(f.Type)
		} else {
			p.expr(f.Type)
		}
		if f.Tag != nil {
			if len(f.Names) > 0 && len(fl.List) > 1 {
				sep()
			}
			sep()
			p.basicLit(f.Tag)
		}
		multi = bytes.ContainsAny(p.out[start:], "\n\f")
		p.last = p.line(f.End())
	}
	p.indent--
	if closing-p.last != 1 {
		unsure()
	}
	p.breaks(1, true)
	p.text("}")
	p.last = closing
}
