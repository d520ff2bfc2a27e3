// JSON text (values, parser, writer, numbers, layouts) is a module of its own; the schema
// layer is built on it and every user of the schema layer reads and writes JSON, so it
// comes with it.
@_exported import BridleJSON
