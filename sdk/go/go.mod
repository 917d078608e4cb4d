module github.com/linkcard/linkcard-go

go 1.19
