@_exported import FlowModel
@_exported import Graphviz
