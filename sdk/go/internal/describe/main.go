// Prints what the client declares, as JSON, for the test that holds it to the served OpenAPI
// document: the method of each operationId, the methods *Client has, and each shape's JSON fields
// (nested objects as objects, every other value as null).
package main

import (
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"time"

	linkcard "github.com/linkcard/linkcard-go"
)

var shapes = map[string]any{
	"Link":         linkcard.Link{},
	"NewLink":      linkcard.NewLink{},
	"LinkChanges":  linkcard.LinkChanges{},
	"CreatedLink":  linkcard.CreatedLink{},
	"BulkResult":   linkcard.BulkResult{},
	"LinkByTarget": linkcard.LinkByTarget{},
	"ExportedLink": linkcard.ExportedLink{},
	"LinkStats":    linkcard.LinkStats{},
	"Caller":       linkcard.Caller{},
	"Image":        linkcard.Image{},
	"CustomDomain": linkcard.CustomDomain{},
	"ServerHealth": linkcard.ServerHealth{},
	"Error":        linkcard.Error{},
}

func main() {
	client := reflect.TypeOf(&linkcard.Client{})
	methods := []string{}
	for i := 0; i < client.NumMethod(); i++ {
		methods = append(methods, client.Method(i).Name)
	}
	fields := map[string]any{}
	for name, shape := range shapes {
		fields[name] = shapeOf(reflect.TypeOf(shape))
	}
	description := map[string]any{"operations": linkcard.Operations, "methods": methods, "shapes": fields}
	if err := json.NewEncoder(os.Stdout).Encode(description); err != nil {
		os.Exit(1)
	}
}

var timeType = reflect.TypeOf(time.Time{})

// shapeOf: a struct's JSON fields, each with its own shape; lists and maps take their elements'.
func shapeOf(t reflect.Type) any {
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
		return shapeOf(t.Elem())
	case reflect.Struct:
		if t == timeType {
			return nil
		}
		fields := map[string]any{}
		addFields(t, fields)
		return fields
	}
	return nil
}

func addFields(t reflect.Type, fields map[string]any) {
	for i := 0; i < t.NumField(); i++ {
		field := t.Field(i)
		tag := field.Tag.Get("json")
		if tag == "-" || !field.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		// An embedded struct without a name of its own lends its fields, as encoding/json reads them.
		if field.Anonymous && name == "" {
			addFields(field.Type, fields)
			continue
		}
		if name == "" {
			name = field.Name
		}
		fields[name] = shapeOf(field.Type)
	}
}
