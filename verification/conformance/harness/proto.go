package harness

import (
	"github.com/google/go-cmp/cmp"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/testing/protocmp"
)

// wire returns m as a peer decodes it: marshalled and read back.
func wire[M proto.Message](m M) M {
	b, err := proto.Marshal(m)
	if err != nil {
		panic(err)
	}
	out := m.ProtoReflect().New().Interface().(M)
	if err := proto.Unmarshal(b, out); err != nil {
		panic(err)
	}
	return out
}

// requireProto fails t unless want and got are the same message.
func requireProto(t *T, want, got proto.Message, what string) {
	if diff := cmp.Diff(want, got, protocmp.Transform()); diff != "" {
		t.Fatalf("%s differs (-want +got):\n%s", what, diff)
	}
}
